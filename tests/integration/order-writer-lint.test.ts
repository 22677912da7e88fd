import { describe, expect, it } from 'vitest';
import { writerRuleHits as orderRuleHits } from '../fixtures/repo-lint';

// One writer for orders (issue 30): the repository's own eslint.config.js refuses any code outside
// the order module that names the `orders` collection, so a second writer cannot come back.
const header = [
  "import { COLLECTIONS } from '@shop/shared/server/collections';",
  "import { scanCollection, type DocumentStore, type Transaction } from '@shop/shared/server/store';",
  '',
].join('\n');

describe('the orders collection outside the order module', () => {
  it('fails lint when an API service writes an order itself', async () => {
    const hits = await orderRuleHits(
      'api/src/services/orders/probe.ts',
      `${header}export const probe = (tx: Transaction) => tx.set(COLLECTIONS.orders, 'o1', { status: 'paid' });\n`,
    );
    expect(hits).toHaveLength(1);
    expect(hits[0].message).toContain('@shop/shared/server/orders');
  });

  it('fails lint for a worker job that reaches orders by the name as a string, in any store call', async () => {
    const hits = await orderRuleHits(
      'worker/src/jobs/orders/probe.ts',
      [
        header,
        'export async function probe(store: DocumentStore, tx: Transaction) {',
        "  await store.update('orders', 'o1', { status: 'paid' });",
        "  await store.batch([{ type: 'delete', collection: 'orders', id: 'o1' }]);",
        "  await scanCollection(store, 'orders', () => undefined);",
        "  tx.update(COLLECTIONS['orders'], 'o1', {});",
        '}',
        '',
      ].join('\n'),
    );
    expect(hits).toHaveLength(4);
  });

  it('passes the order module itself, and other collections anywhere', async () => {
    const inModule = await orderRuleHits(
      'shared/src/server/orders/probe.ts',
      `${header}export const probe = (tx: Transaction) => tx.set(COLLECTIONS.orders, 'o1', { status: 'paid' });\n`,
    );
    expect(inModule).toEqual([]);
    const elsewhere = await orderRuleHits(
      'api/src/services/quotes/probe.ts',
      `${header}export const probe = (store: DocumentStore) => store.get(COLLECTIONS.quotes, 'q1');\n`,
    );
    expect(elsewhere).toEqual([]);
  });
});

describe('the teamOrders collection outside the team-order module', () => {
  it('fails lint when a route or the order module writes a team order itself, and passes the team-order module', async () => {
    const write = `${header}export const probe = (store: DocumentStore) => store.set(COLLECTIONS.teamOrders, 't1', {});\n`;
    const route = await orderRuleHits('api/src/routes/team-orders/probe.ts', write);
    expect(route).toHaveLength(1);
    expect(route[0].message).toContain('@shop/shared/server/team-orders');
    expect(await orderRuleHits('shared/src/server/orders/probe.ts', write)).toHaveLength(1);
    expect(await orderRuleHits('shared/src/server/team-orders/probe.ts', write)).toEqual([]);
    // The team-order module is still held to the one writer of orders.
    const orders = `${header}export const probe = (store: DocumentStore) => store.get('orders', 'o1');\n`;
    expect(await orderRuleHits('shared/src/server/team-orders/probe.ts', orders)).toHaveLength(1);
  });
});
