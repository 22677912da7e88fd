import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRecoveryJobId, RECOVERY_RESTORE_PATH, UNSUBSCRIBE_PATH } from '@shop/shared/constants';
import { lineItemMetadata, toMinorUnits } from '@shop/shared/domain/order';
import { orderSchema, type Order } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { createQueues, createRedis, JOBS, QUEUES } from '@shop/shared/server/queues';
import {
  findRecoveryByToken,
  findRecoveryByUnsubscribeToken,
  markRestored,
  readRecovery,
  recordOptOut,
} from '@shop/shared/server/recovery';
import type { Stripe } from '@shop/shared/providers/stripe';
import { createOrderHarness, type OrderHarness } from '../orders/order-harness.js';
import { mimeParts, partOf } from '../../../tests/fixtures/mime-message.js';
import { RECOVERY_BUTTON } from '../../src/jobs/notifications/recovery-email.js';

// The abandoned-checkout e-mail (docs/recovery.md) with the real orders and notifications workers
// and both sandboxes: a checkout expires, Stripe's session (re-read, never the event's copy) says
// whether the shopper agreed to hear from the shop, and one delayed e-mail follows, checked again
// when it is due. The delay is an hour here: each test promotes the delayed job itself.

let h: OrderHarness;
let redis: Redis;
let notifications: Queue;
beforeAll(async () => {
  h = await createOrderHarness({ env: { RECOVERY_DELAY_MINUTES: '60', PUBLIC_URL: 'https://shop.example' } });
  redis = createRedis(h.config.REDIS_URL);
  notifications = createQueues(redis, h.config.QUEUE_PREFIX)[QUEUES.notifications];
});
afterAll(async () => {
  await notifications?.close();
  redis?.disconnect();
  await h?.close();
});

const RECOVERY_PARAMS: Partial<Stripe.Checkout.SessionCreateParams> = {
  consent_collection: { promotions: 'auto' },
  after_expiration: { recovery: { enabled: true } },
};
const PICTURE = 'https://files.cdn.printful.com/files/tee-front.png';

/** A checkout the shopper left: `choice` is what they did with the promotions checkbox. */
async function abandoned(choice: 'opt_in' | 'opt_out' | 'untouched', email = 'maya@example.com') {
  const checkedOut = await h.checkout([2, 1], { sessionParams: RECOVERY_PARAMS });
  const order = await h.order(checkedOut.orderId);
  await h.store.set(COLLECTIONS.orders, order.id, {
    ...order,
    items: order.items.map((item, i) => (i === 0 ? { ...item, imageUrl: PICTURE } : item)),
  });
  if (choice !== 'untouched') h.stripeSandbox.chooseConsent(checkedOut.sessionId, choice, email);
  await h.stripe.checkout.sessions.expire(checkedOut.sessionId);
  return checkedOut;
}

async function recoveryJob(orderId: string): Promise<Job | undefined> {
  const jobs = await h.notificationJobs(orderId);
  return jobs.find((j) => j.id === checkoutRecoveryJobId(orderId));
}

/** Runs the delayed job now and waits until a worker has finished it. */
async function runDue(orderId: string): Promise<unknown> {
  const job = await recoveryJob(orderId);
  expect(job).toBeDefined();
  if ((await job!.getState()) === 'delayed') await job!.promote();
  for (let i = 0; i < 400; i++) {
    const state = await job!.getState();
    if (state === 'completed' || state === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const done = (await Job.fromId(notifications, job!.id!))!;
  expect(done.failedReason).toBeUndefined();
  return done.returnvalue;
}

const recoveryFiles = (orderId: string) =>
  h.outboxFiles().filter((f) => f.startsWith(checkoutRecoveryJobId(orderId).replace(/[^A-Za-z0-9_.-]/g, '_')));

describe('scheduling', () => {
  it('queues one e-mail an hour later, however often the expiry is delivered and by however many workers', async () => {
    const { orderId, sessionId } = await abandoned('opt_in');
    await h.startWorkers(); // a second replica on the same queues
    const runs = await Promise.all([
      h.runEvent(sessionId, JOBS.orders.checkoutExpired),
      h.runEvent(sessionId, JOBS.orders.checkoutExpired),
    ]);
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired, { eventId: runs[0].job.data.eventId });
    expect(runs[0].result).toMatchObject({ outcome: 'expired' });

    const jobs = (await h.notificationJobs(orderId)).filter((j) => j.name === 'checkout-recovery');
    expect(jobs).toHaveLength(1);
    expect(await jobs[0].getState()).toBe('delayed');
    expect(jobs[0].opts.delay).toBe(60 * 60_000);
    expect(await readRecovery(h.store, orderId)).toMatchObject({ email: 'maya@example.com', sentAt: null });

    expect(await runDue(orderId)).toMatchObject({ sent: true, to: 'maya@example.com' });
    const sent = await recoveryJob(orderId);
    // Delivered once more after it went out: the same finished job, nothing new.
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    const after = (await h.notificationJobs(orderId)).filter((j) => j.name === 'checkout-recovery');
    expect(after.map((j) => [j.id, j.finishedOn])).toEqual([[sent!.id, sent!.finishedOn]]);
    expect(recoveryFiles(orderId)).toHaveLength(1);
    // A job that somehow ran again finds the e-mail claimed and sends nothing.
    await h.stopWorkers();
    await h.startWorkers();
    const replay = await notifications.add('checkout-recovery', { orderId }, { jobId: `${sent!.id}-again` });
    for (let i = 0; i < 400 && !['completed', 'failed'].includes(await replay.getState()); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await Job.fromId(notifications, replay.id!))?.returnvalue).toEqual({ sent: false, reason: 'already sent' });
    expect(recoveryFiles(orderId)).toHaveLength(1);
  });

  it('sends nothing without consent: the box left alone, or unticked', async () => {
    for (const choice of ['untouched', 'opt_out'] as const) {
      const { orderId, sessionId } = await abandoned(choice);
      await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
      expect((await h.order(orderId)).status).toBe('expired');
      expect(await recoveryJob(orderId)).toBeUndefined();
      expect(await readRecovery(h.store, orderId)).toBeNull();
    }
  });

  it('sends nothing to an address that unsubscribed before', async () => {
    await recordOptOut(h.store, 'Gone@Example.com ', 'one-click');
    const { orderId, sessionId } = await abandoned('opt_in', 'gone@example.com');
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    expect(await recoveryJob(orderId)).toBeUndefined();
  });
});

describe('when the e-mail is due', () => {
  it('shows the lines with their pictures, a link back to the cart and the one-click unsubscribe', async () => {
    const { orderId, sessionId } = await abandoned('opt_in');
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    await runDue(orderId);
    const [file] = recoveryFiles(orderId);
    const raw = readFileSync(path.join(h.config.OUTBOX_DIR, file), 'utf8');
    const { headers } = mimeParts(raw);
    expect(headers).toMatch(/^To: maya@example\.com$/m);
    const unsubscribe = new RegExp(
      `^List-Unsubscribe: <https://shop\\.example${UNSUBSCRIBE_PATH}\\?token=([A-Za-z0-9_-]{43})>, <mailto:[^>]+\\?subject=unsubscribe>$`,
      'm',
    ).exec(headers);
    expect(unsubscribe).not.toBeNull();
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    const order = await h.order(orderId);
    const html = partOf(raw, 'text/html');
    expect(html).toContain(`src="${PICTURE}"`);
    for (const item of order.items) {
      expect(html).toContain(item.name);
      expect(html).toContain(item.size);
    }
    expect(html).toContain(RECOVERY_BUTTON);
    const restore = new RegExp(`https://shop\\.example${RECOVERY_RESTORE_PATH}/([A-Za-z0-9_-]{43})`).exec(html);
    expect(restore).not.toBeNull();
    // Only the tokens' hashes are stored; each finds this checkout.
    expect((await findRecoveryByToken(h.store, restore![1]))?.orderId).toBe(orderId);
    expect((await findRecoveryByUnsubscribeToken(h.store, unsubscribe![1]))?.orderId).toBe(orderId);
    expect(JSON.stringify(await readRecovery(h.store, orderId))).not.toContain(restore![1]);
  });

  it('sends nothing when the cart was paid meanwhile', async () => {
    const { orderId, sessionId } = await abandoned('opt_in');
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    const expired = await h.order(orderId);
    // The shopper came back by themselves and paid a newer checkout of the same cart.
    const later = new Date(Date.parse(expired.createdAt) + 1000).toISOString();
    const paid: Order = orderSchema.parse({
      ...expired,
      id: `${orderId}x`,
      sessionId: `${sessionId}x`,
      status: 'paid',
      createdAt: later,
      paidAt: later,
    });
    await h.store.set(COLLECTIONS.orders, paid.id, paid);
    expect(await runDue(orderId)).toEqual({ sent: false, reason: 'the cart was paid meanwhile' });
    expect(recoveryFiles(orderId)).toHaveLength(0);
    expect((await readRecovery(h.store, orderId))?.skipped).toBe('the cart was paid meanwhile');
  });

  it('sends one per cart: a checkout replaced by a newer one of the same cart sends nothing', async () => {
    const { orderId, sessionId } = await abandoned('opt_in');
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    const expired = await h.order(orderId);
    const later = new Date(Date.parse(expired.createdAt) + 1000).toISOString();
    const newer: Order = orderSchema.parse({
      ...expired,
      id: `${orderId}n`,
      sessionId: `${sessionId}n`,
      createdAt: later,
    });
    await h.store.set(COLLECTIONS.orders, newer.id, newer);
    expect(await runDue(orderId)).toEqual({ sent: false, reason: 'a newer checkout of the cart replaced it' });
    expect(recoveryFiles(orderId)).toHaveLength(0);
  });

  it('sends nothing when the address unsubscribed while it waited', async () => {
    const { orderId, sessionId } = await abandoned('opt_in', 'later@example.com');
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    await recordOptOut(h.store, 'later@example.com', 'page');
    expect(await runDue(orderId)).toEqual({ sent: false, reason: 'the address unsubscribed' });
    expect(recoveryFiles(orderId)).toHaveLength(0);
  });
});

describe('a recovered order', () => {
  it('is the paid order of a cart the link rebuilt, counted once', async () => {
    const { orderId, sessionId, guestId } = await abandoned('opt_in');
    await h.runEvent(sessionId, JOBS.orders.checkoutExpired);
    await runDue(orderId);
    await markRestored(h.store, orderId, { collection: 'guest-carts', id: guestId });

    // The restored cart is checked out again and paid.
    const expired = await h.order(orderId);
    const session = await h.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: expired.items.map((item) => ({
        quantity: item.quantity,
        metadata: lineItemMetadata(item),
        price_data: { currency: 'usd', unit_amount: toMinorUnits(item.unitPrice), product_data: { name: item.name } },
      })),
      success_url: 'http://shop.test/store/order-success?session_id={CHECKOUT_SESSION_ID}',
      metadata: { orderId: `${orderId}r`, cartCollection: 'guest-carts', cartId: guestId, cartRevision: '4' },
      shipping_address_collection: { allowed_countries: ['US'] },
    });
    const again = orderSchema.parse({
      ...expired,
      id: `${orderId}r`,
      sessionId: session.id,
      status: 'pending',
      cart: { ...expired.cart, revision: 4 },
      createdAt: new Date().toISOString(),
    });
    await h.store.set(COLLECTIONS.orders, again.id, again);
    await h.pay(session.id);
    await h.runEvent(session.id, JOBS.orders.checkoutCompleted);
    await h.runEvent(session.id, JOBS.orders.checkoutCompleted);
    const recovery = await readRecovery(h.store, orderId);
    expect(recovery).toMatchObject({ recoveredOrderId: again.id });
    expect(recovery?.recoveredTotal).toBeGreaterThan(0);
  });
});
