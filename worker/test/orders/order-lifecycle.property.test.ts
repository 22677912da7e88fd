import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAttention, refundedAmount } from '@shop/shared/domain/order';
import type { TeamMemberDoc } from '@shop/shared/schemas';
import {
  orderIdOfPrintfulExternalId,
  printfulWebhookAllowed,
  type PrintfulOrderWebhook,
} from '@shop/shared/providers/printful';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { JOBS } from '@shop/shared/server/queues';
import { createTeamOrder, readTeamOrder } from '@shop/shared/server/team-orders';
import { createAfterPaymentHarness, type AfterPaymentHarness } from './after-payment-harness.js';

// The store's order lifecycle checked against Printful's and Stripe's state models
// (docs/fidelity.md, docs/testing.md#the-order-lifecycle-property-suite): fast-check draws a paid
// order (a team order's or not) and a short sequence of what providers and people do to it
// (Printful webhooks in and out of its model, forged, repeated; a cost hold re-priced; retries;
// refunds; disputes; a late checkout event) and runs it through the real order jobs, store and both
// sandboxes. After every sequence the invariants below must hold; a failure is shrunk to a short
// sequence and printed with the seed that replays it.

const SEED = process.env.ORDER_PROPERTY_SEED
  ? Number(process.env.ORDER_PROPERTY_SEED)
  : process.env.ORDER_PROPERTY_RANDOM
    ? Date.now()
    : 20_261_129;
const RUNS = Number(process.env.ORDER_PROPERTY_RUNS ?? 20);

const WEBHOOKS: PrintfulOrderWebhook[] = [
  'order_failed',
  'order_canceled',
  'order_put_hold',
  'order_remove_hold',
  'package_shipped',
  'package_returned',
];

type Step =
  | { kind: 'printful'; type: PrintfulOrderWebhook; forged: boolean; repeat: boolean }
  | { kind: 'reprice'; withinMargin: boolean }
  | { kind: 'retry' }
  | { kind: 'refund'; part: 'all' | 'half' }
  | { kind: 'dispute' }
  | { kind: 'checkout-again' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('printful' as const),
      type: fc.constantFrom(...WEBHOOKS),
      forged: fc.boolean(),
      repeat: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reprice' as const), withinMargin: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'retry' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      part: fc.constantFrom('all' as const, 'half' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'dispute' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'checkout-again' as const }) },
);
const scenario = fc.record({ team: fc.boolean(), steps: fc.array(step, { maxLength: 5 }) });

let h: AfterPaymentHarness;
beforeAll(async () => {
  // Many short orders in a row: Printful's 120 calls a minute would make the pacer wait, which
  // is tested on its own (worker/test/printful); here the budget is set out of the way.
  h = await createAfterPaymentHarness({
    env: { PRINTFUL_RATE_LIMIT_PER_MIN: '100000' },
    printfulRateLimitPerMin: 100_000,
  });
});
afterAll(async () => {
  await h?.close();
});

function member(name: string, size: string): TeamMemberDoc {
  const at = '2026-11-27T00:00:00Z';
  return {
    id: globalThis.crypto.randomUUID(),
    keyHash: 'h',
    name,
    productId: 'p',
    size,
    color: 'Navy',
    email: null,
    joinedAt: at,
    updatedAt: at,
  };
}

/** A paid order; a team order's when `team` (the lead's cart carried the team order's id). */
async function paid(team: boolean) {
  const { orderId, sessionId } = await h.checkout([1, 2]);
  let teamOrderId: string | null = null;
  if (team) {
    const created = await createTeamOrder(h.store, {
      leadUid: 'uid-lead',
      leadName: 'Sam',
      leadEmail: 'sam@example.com',
      title: 'Crew',
      products: [{ id: 'p', title: 'Hoodie' }],
      color: null,
      closesOn: '2026-11-30',
      closesAt: '2026-12-01T08:00:00.000Z',
      maxMembers: 20,
      linkToken: null,
      status: 'closed',
      closedAt: '2026-11-30T10:00:00.000Z',
      members: [member('Ada', 'M'), member('Lee', 'L')],
      cartLines: [
        { productId: 'p', size: 'M', color: 'Navy', count: 1 },
        { productId: 'p', size: 'L', color: 'Navy', count: 1 },
      ],
      cartFilledAt: '2026-11-30T10:00:00.000Z',
      orderId: null,
      shippedNoticesAt: null,
      createdAt: '2026-11-27T00:00:00.000Z',
      updatedAt: '2026-11-27T00:00:00.000Z',
    });
    teamOrderId = created.id;
    const pending = await h.order(orderId);
    await h.store.set(COLLECTIONS.orders, orderId, {
      ...pending,
      owner: { kind: 'user', id: 'uid-lead' },
      teamOrderId,
    });
  }
  await h.pay(sessionId);
  await h.runEvent(sessionId, JOBS.orders.checkoutCompleted);
  const session = await h.stripe.checkout.sessions.retrieve(sessionId);
  return { orderId, sessionId, paymentIntent: session.payment_intent as string, teamOrderId };
}

type Paid = Awaited<ReturnType<typeof paid>>;

/** Printful's orders placed for this shop order, under any of its external ids. */
const printfulOrdersOf = (orderId: string) =>
  h.printfulSandbox.orders
    .list()
    .filter((o) => o.external_id && orderIdOfPrintfulExternalId(o.external_id) === orderId);

async function current(orderId: string) {
  const order = await h.order(orderId);
  const externalId = order.fulfilment.externalId ?? orderId;
  return { order, externalId, atPrintful: h.printfulSandbox.orders.find(`@${externalId}`) };
}

async function stripeRefundedCents(paymentIntent: string): Promise<number> {
  const refunds = await h.stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
  return refunds.data.filter((r) => r.status !== 'failed' && r.status !== 'canceled').reduce((s, r) => s + r.amount, 0);
}

let tracking = 1;
async function run(p: Paid, s: Step): Promise<void> {
  const { externalId, atPrintful } = await current(p.orderId);
  const target = atPrintful ? { orderId: externalId, printfulOrderId: atPrintful.id } : null;
  switch (s.kind) {
    case 'printful': {
      if (!target || !atPrintful) return;
      const allowed =
        printfulWebhookAllowed(s.type, atPrintful.status) &&
        (s.type !== 'package_returned' || atPrintful.shipments.length > 0);
      const number = `9400${String(tracking++).padStart(18, '0')}`;
      const options =
        s.type === 'package_shipped'
          ? {
              printfulStatus: 'fulfilled',
              shipment: { carrier: 'USPS', number, url: `https://track.example/${number}`, shippedAt: null },
            }
          : s.type === 'order_remove_hold'
            ? { printfulStatus: 'pending' }
            : {};
      const sent = await h.printfulEvent(s.type, target, options, { printfulAgrees: allowed && !s.forged });
      if (s.repeat) await h.runPrintfulJob({ ...sent.data, deliveryId: `${sent.data.deliveryId}-again` });
      return;
    }
    case 'reprice': {
      if (!target || !atPrintful || !printfulWebhookAllowed('order_put_hold', atPrintful.status)) return;
      await h.printfulEvent('order_put_hold', target, { reason: 'Calculating the cost' });
      const total = s.withinMargin ? Number(atPrintful.costs.total) + 1 : 9999;
      atPrintful.costs = { ...atPrintful.costs, total: total.toFixed(2) };
      await h.printfulEvent('order_remove_hold', target, { printfulStatus: 'draft' });
      return;
    }
    case 'retry': {
      const before = await h.order(p.orderId);
      await h.runRetry(p.orderId);
      // A retry of a paid order Printful failed, cancelled or left a draft puts it in production.
      if (before.status === 'paid' && ['failed', 'canceled', 'draft'].includes(before.fulfilment.status)) {
        const after = await current(p.orderId);
        expect(after.atPrintful?.status, `retry of a ${before.fulfilment.status} order`).toBe('pending');
      }
      return;
    }
    case 'refund': {
      const session = await h.stripe.checkout.sessions.retrieve(p.sessionId);
      const left = (session.amount_total ?? 0) - (await stripeRefundedCents(p.paymentIntent));
      const amount = s.part === 'all' ? left : Math.floor(left / 2);
      if (amount <= 0) return;
      // Stripe refuses a refund while a dispute is open: nothing is taken back then.
      const refund = await h.stripe.refunds.create({ payment_intent: p.paymentIntent, amount }).catch(() => null);
      if (refund) await h.stripeEvent('refund.created', refund.id);
      return;
    }
    case 'dispute': {
      if ([...h.stripeSandbox.payments.disputes.values()].some((d) => d.payment_intent === p.paymentIntent)) return;
      const session = await h.stripe.checkout.sessions.retrieve(p.sessionId);
      if ((await stripeRefundedCents(p.paymentIntent)) >= (session.amount_total ?? 0)) return; // a refunded charge cannot be disputed
      const dispute = h.stripeSandbox.payments.openDispute(p.paymentIntent, { reason: 'product_not_received' });
      await h.stripeEvent('charge.dispute.created', dispute.id);
      return;
    }
    case 'checkout-again':
      // checkout.session.completed delivered again, late, under a new event id.
      await h.runEvent(p.sessionId, JOBS.orders.checkoutCompleted);
      return;
  }
}

const PROGRESSING = new Set(['pending', 'inprocess', 'partial', 'fulfilled']);

async function checkInvariants(p: Paid): Promise<void> {
  const { order, atPrintful } = await current(p.orderId);
  const session = await h.stripe.checkout.sessions.retrieve(p.sessionId);
  const charged = session.amount_total ?? 0;
  const refunded = await stripeRefundedCents(p.paymentIntent);

  // Money taken = kept + refunded, and the order says what Stripe refunded.
  expect(refunded).toBeLessThanOrEqual(charged);
  expect(Math.round(refundedAmount(order.refunds) * 100)).toBe(refunded);
  if (refunded === charged) expect(order.status).toBe('refunded');

  // No payment without an order; no order placed twice at Printful.
  expect(order.status).not.toBe('pending');
  const placed = printfulOrdersOf(p.orderId);
  expect(placed.filter((o) => o.status !== 'canceled').length).toBeLessThanOrEqual(1);

  // No parcel to an address the buyer did not give.
  const given = session.collected_information?.shipping_details?.address ?? session.customer_details?.address;
  for (const o of placed) {
    expect(o.recipient).toMatchObject({ address1: given?.line1, city: given?.city, country_code: given?.country });
  }

  // A paid order is shipped, refunded, or in front of the studio (its waiting list) with an alert.
  if (order.status === 'paid' && !(atPrintful && PROGRESSING.has(atPrintful.status))) {
    const studio = (await h.notificationJobs(p.orderId)).filter((j) => j.name === JOBS.notifications.orderAlert.studio);
    const why = `paid order, Printful ${atPrintful?.status ?? 'none'}, shop ${order.fulfilment.status}`;
    expect(studio.length, `${why}: no studio alert`).toBeGreaterThan(0);
    expect(orderAttention(order), `${why}: not on the studio's list`).not.toBeNull();
  }
  // The shop's record of its Printful order is Printful's (a return is the shop's own word for it).
  if (atPrintful && order.status !== 'refunded') {
    const returned = order.fulfilment.status === 'returned' && ['fulfilled', 'partial'].includes(atPrintful.status);
    if (!returned) expect(order.fulfilment.status).toBe(atPrintful.status);
  }

  // Every paid team order carries its slip.
  if (p.teamOrderId) {
    expect(await readTeamOrder(h.store, p.teamOrderId)).toMatchObject({ status: 'paid', orderId: p.orderId });
    for (const o of placed) expect(o.packing_slip?.message).toContain('Ada');
  }
}

describe('the order lifecycle against the providers’ models (property-based)', () => {
  it('keeps every invariant after any short sequence of webhooks, holds, retries, refunds and disputes', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ team, steps }) => {
        const p = await paid(team);
        for (const s of steps) await run(p, s);
        await checkInvariants(p);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false, verbose: 1 },
    );
  }, 180_000);
});
