import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppCollection } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import type { JobContext } from '../../src/job-module.js';
import { paidOrder } from '../../../tests/fixtures/paid-order.js';

// A job reaches orders only through `ctx.orders` (docs/architecture.md#one-writer-of-orders): its
// store does not take the `orders` collection. `tsc -p worker` (npm run typecheck) checks the
// expected errors below, which stop being errors if the job's store took `orders` again.

describe("a job's store", () => {
  it('does not take the orders collection', () => {
    expectTypeOf<JobContext['store']>().toEqualTypeOf<DocumentStore<AppCollection>>();
    const order = paidOrder();
    const refused = async (ctx: JobContext) => {
      // @ts-expect-error a job does not read orders from its store
      await ctx.store.get('orders', order.id);
      const name = 'orders' as const;
      // @ts-expect-error nor write them
      await ctx.store.set(name, order.id, order);
      // The order module does.
      await ctx.orders.readOrder(order.id);
    };
    expect(typeof refused).toBe('function');
  });

  it('does not take the teamOrders collection either: ctx.teamOrders does', () => {
    const refused = async (ctx: JobContext) => {
      // @ts-expect-error a job does not read team orders from its store
      await ctx.store.get('teamOrders', 't1');
      const name = 'teamOrders' as const;
      // @ts-expect-error nor write them
      await ctx.store.set(name, 't1', {});
      await ctx.teamOrders.readTeamOrder('t1');
    };
    expect(typeof refused).toBe('function');
  });
});
