import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAlertJobId, orderAttention, shippedEmailJobId } from '@shop/shared/domain/order';
import { createAfterPaymentHarness, type AfterPaymentHarness } from './after-payment-harness.js';

// What the worker does with an order after payment (docs/rules.md#after-payment), against both sandboxes:
// Printful's order webhooks, Stripe's refunds and disputes, each delivered in order, out of order
// and more than once. The order is the only place these land, and it never moves back.

let h: AfterPaymentHarness;

beforeAll(async () => {
  h = await createAfterPaymentHarness();
});

afterAll(async () => {
  await h?.close();
});

const printfulOrder = (id: number) => h.printfulSandbox.orders.find(String(id))!;
/** The fact a Printful event's e-mails are keyed on, as the worker reported it. */
const factOf = (event: { result: unknown }) => (event.result as { fact: string }).fact;
const shipment = (url: string) => ({
  carrier: 'USPS',
  number: '9400111899223344556677',
  url,
  shippedAt: '2026-11-20T10:00:00.000Z',
});

describe('Printful order webhooks', () => {
  it('a shipment marks the order shipped with its tracking link, e-mails once, and a replay changes nothing', async () => {
    const paid = await h.paidOrder();
    const first = await h.printfulEvent('package_shipped', paid, {
      printfulStatus: 'fulfilled',
      shipment: shipment('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677'),
    });
    expect(first.result).toMatchObject({ outcome: 'applied', status: 'shipped', fulfilment: 'fulfilled' });
    await h.runPrintfulJob({ ...first.data }); // the same delivery again: its job id is taken
    await h.runPrintfulJob({ ...first.data, deliveryId: `${first.data.deliveryId}-copy` }); // a second job for it
    const order = await h.order(paid.orderId);
    expect(order.status).toBe('shipped');
    expect(order.fulfilment.tracking).toMatchObject({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677',
    });
    expect(
      order.events?.filter((e) => e.type === 'package_shipped' && e.eventId === first.data.deliveryId),
    ).toHaveLength(1);
    expect(await h.email(shippedEmailJobId(paid.orderId))).toMatch(/has shipped/);
    expect((await h.notificationJobs(paid.orderId)).filter((j) => j.name === 'order-shipped')).toHaveLength(1);
  });

  it('drops a tracking link that is not http(s)', async () => {
    const paid = await h.paidOrder();
    await h.printfulEvent('package_shipped', paid, { shipment: shipment('javascript:alert(document.cookie)') });
    const order = await h.order(paid.orderId);
    expect(order.status).toBe('shipped');
    expect(order.fulfilment.tracking).toMatchObject({ number: '9400111899223344556677', url: null });
  });

  it('hold then release: the studio hears of the hold, the order moves on when it is lifted', async () => {
    const paid = await h.paidOrder();
    const hold = await h.printfulEvent('order_put_hold', paid, {
      printfulStatus: 'onhold',
      reason: 'The address needs to be verified',
    });
    expect(await h.order(paid.orderId)).toMatchObject({
      status: 'paid',
      fulfilment: { status: 'onhold', reason: 'The address needs to be verified' },
    });
    const alert = await h.email(orderAlertJobId('fulfilment-on-hold', paid.orderId, factOf(hold), 'studio'));
    expect(alert).toMatch(/^To: studio@studio\.local$/m);
    expect(alert).toMatch(/on hold/);
    // "Open the order" opens this order in the admin, not the list of every paid order.
    expect(alert).toContain(`/admin/orders/${paid.orderId}`);
    expect(alert).not.toContain('/admin/orders?status=');

    await h.printfulEvent('order_remove_hold', paid, { printfulStatus: 'pending', reason: 'Address verified' });
    const order = await h.order(paid.orderId);
    expect(order.fulfilment).toMatchObject({ status: 'pending', reason: null });
    expect(order.events?.map((e) => e.type)).toEqual(['order_put_hold', 'order_remove_hold']);
  });

  it('an embroidered order priced on hold comes back as a draft: confirmed again when the new cost keeps the margin', async () => {
    const paid = await h.paidOrder();
    await h.printfulEvent('order_put_hold', paid, { printfulStatus: 'onhold', reason: 'Calculating the cost' });
    const atPrintful = printfulOrder(paid.printfulOrderId);
    atPrintful.costs = { ...atPrintful.costs, total: (Number(atPrintful.costs.total) + 1).toFixed(2) };
    await h.printfulEvent('order_remove_hold', paid, { printfulStatus: 'draft', reason: 'Cost calculated' });
    expect(printfulOrder(paid.printfulOrderId).status).toBe('pending');
    const order = await h.order(paid.orderId);
    expect(order.fulfilment).toMatchObject({ status: 'pending', cost: Number(atPrintful.costs.total) });
  });

  it('an embroidered order priced on hold above the margin stays a draft and the studio is told', async () => {
    const paid = await h.paidOrder();
    await h.printfulEvent('order_put_hold', paid, { printfulStatus: 'onhold', reason: 'Calculating the cost' });
    const atPrintful = printfulOrder(paid.printfulOrderId);
    atPrintful.costs = { ...atPrintful.costs, total: '9999.00' };
    const released = await h.printfulEvent('order_remove_hold', paid, {
      printfulStatus: 'draft',
      reason: 'Cost calculated',
    });
    expect(printfulOrder(paid.printfulOrderId).status).toBe('draft');
    const order = await h.order(paid.orderId);
    expect(order.fulfilment).toMatchObject({ status: 'draft', cost: 9999 });
    // On the studio's list of orders waiting on it, not only in an e-mail.
    expect(orderAttention(order)).toBe('held');
    const alert = await h.email(orderAlertJobId('fulfilment-repriced', paid.orderId, factOf(released), 'studio'));
    expect(alert).toMatch(/^To: studio@studio\.local$/m);
    expect(alert).toMatch(/9999\.00/);
  });

  it('release delivered before the hold it lifts: the late hold is recorded but not applied', async () => {
    const paid = await h.paidOrder();
    const release = await h.printfulEvent('order_remove_hold', paid, { printfulStatus: 'inprocess' });
    await h.printfulEvent('order_put_hold', paid, { created: release.data.created - 5, reason: 'Checking the file' });
    const order = await h.order(paid.orderId);
    expect(order.fulfilment.status).toBe('inprocess');
    expect(order.events?.map((e) => [e.type, e.note?.startsWith('Not applied') ?? false])).toEqual([
      ['order_remove_hold', false],
      ['order_put_hold', true],
    ]);
  });

  it('a failure reaches the studio, and a retry after the fix confirms the same Printful order again', async () => {
    const paid = await h.paidOrder();
    printfulOrder(paid.printfulOrderId).status = 'failed';
    const failed = await h.printfulEvent('order_failed', paid, { reason: 'Print file could not be downloaded' });
    expect((await h.order(paid.orderId)).fulfilment).toMatchObject({
      status: 'failed',
      reason: 'Print file could not be downloaded',
    });
    expect(await h.email(orderAlertJobId('fulfilment-failed', paid.orderId, factOf(failed), 'studio'))).toMatch(
      /Print file could not be downloaded/,
    );

    expect(await h.runRetry(paid.orderId)).toEqual({ outcome: 'placed', status: 'pending' });
    expect(printfulOrder(paid.printfulOrderId).status).toBe('pending');
    expect(h.printfulSandbox.orders.list().filter((o) => o.external_id === paid.orderId)).toHaveLength(1);
    const order = await h.order(paid.orderId);
    expect(order.fulfilment).toMatchObject({ status: 'pending', reason: null });
    expect(order.events?.at(-1)).toMatchObject({
      source: 'studio',
      type: 'retry-fulfilment',
      note: expect.stringMatching(
        new RegExp(`^Printful order ${paid.printfulOrderId} is in the production queue \\(asked by `),
      ),
    });
    // The shopper, told the order was on hold, hears that it is being made after all.
    const told = await h.email(
      orderAlertJobId('hold-released', paid.orderId, `placed-${paid.printfulOrderId}`, 'shopper'),
    );
    expect(told).toMatch(/is being made/);
  });

  it('a retry of an order Printful cancelled places a new Printful order under a new external id', async () => {
    const paid = await h.paidOrder();
    await h.printfulEvent('order_canceled', paid, { reason: 'Out of stock' });
    expect((await h.order(paid.orderId)).fulfilment.status).toBe('canceled');

    expect(await h.runRetry(paid.orderId)).toEqual({ outcome: 'placed', status: 'pending' });
    const order = await h.order(paid.orderId);
    expect(printfulOrder(paid.printfulOrderId).status).toBe('canceled');
    const placed = h.printfulSandbox.orders.find(String(order.fulfilment.orderId))!;
    expect(placed.id).not.toBe(paid.printfulOrderId);
    expect(placed.external_id).not.toBe(paid.orderId);
    expect(placed.status).toBe('pending');
    expect(order.fulfilment).toMatchObject({ status: 'pending', externalId: placed.external_id });

    // The cancelled order's late webhook names the old Printful order: it no longer speaks for this order.
    await h.printfulEvent('order_canceled', paid, { reason: 'Canceled again' }, { printfulAgrees: false });
    expect((await h.order(paid.orderId)).fulfilment.status).toBe('pending');
    // The new order's own events land on the same shop order.
    const shipped = await h.printfulEvent(
      'package_shipped',
      { orderId: placed.external_id!, printfulOrderId: placed.id },
      { shipment: shipment('https://track.example/2') },
    );
    expect(shipped.result).toMatchObject({ outcome: 'applied', orderId: paid.orderId, status: 'shipped' });
  });

  it('a returned parcel asks the shopper for their address and tells the studio', async () => {
    const paid = await h.paidOrder();
    await h.printfulEvent('package_shipped', paid, { shipment: shipment('https://track.example/1') });
    const returned = await h.printfulEvent('package_returned', paid, { reason: 'Address unknown' });
    expect(await h.order(paid.orderId)).toMatchObject({
      status: 'shipped',
      fulfilment: { status: 'returned', reason: 'Address unknown' },
    });
    const toShopper = await h.email(orderAlertJobId('package-returned', paid.orderId, factOf(returned), 'shopper'));
    expect(toShopper).toMatch(/^To: ada@example\.com$/m);
    expect(toShopper).toMatch(/came back to us/);
    await h.email(orderAlertJobId('package-returned', paid.orderId, factOf(returned), 'studio'));
  });

  it('events for orders that are not ours change nothing and are recorded where they can be', async () => {
    const unknown = await h.printfulEvent('order_failed', { orderId: 'ord_not_from_this_shop', printfulOrderId: 1 });
    expect(unknown.result).toEqual({ outcome: 'order-unknown', externalId: 'ord_not_from_this_shop' });

    const paid = await h.paidOrder();
    const foreign = await h.printfulEvent('order_canceled', { ...paid, printfulOrderId: 999 }, { reason: 'Forged' });
    expect(foreign.result).toMatchObject({ outcome: 'not-applied', status: 'paid', fulfilment: 'pending' });
    expect((await h.order(paid.orderId)).events?.[0].note).toMatch(
      /^Not applied: Printful order 999 is not this order's/,
    );

    const pending = await h.checkout([1]);
    const early = await h.printfulEvent(
      'package_shipped',
      { orderId: pending.orderId, printfulOrderId: 5 },
      {
        shipment: shipment('https://track.example/2'),
      },
    );
    expect(early.result).toMatchObject({ outcome: 'not-applied', status: 'pending' });
  });
});

describe('Printful order webhooks checked against the order Printful reports', () => {
  const alerts = async (orderId: string, kind: string) =>
    (await h.notificationJobs(orderId)).filter((j) => (j.data as { kind?: string }).kind === kind).map((j) => j.name);

  it('a cancel of a shipped order is not applied, with or without Printful order id', async () => {
    const paid = await h.paidOrder();
    await h.printfulEvent('package_shipped', paid, { shipment: shipment('https://track.example/cancel') });
    const noId = await h.printfulEvent(
      'order_canceled',
      { ...paid, printfulOrderId: null as unknown as number },
      { reason: 'Forged' },
      { printfulAgrees: false },
    );
    expect(noId.result).toMatchObject({ outcome: 'not-applied', status: 'shipped', fulfilment: 'fulfilled' });
    // With the right id Printful still says fulfilled, so the claim is refused as well.
    const withId = await h.printfulEvent('order_canceled', paid, { reason: 'Forged' }, { printfulAgrees: false });
    expect(withId.result).toMatchObject({ outcome: 'not-applied', status: 'shipped', fulfilment: 'fulfilled' });
    const order = await h.order(paid.orderId);
    expect(order.events?.filter((e) => e.type === 'order_canceled').map((e) => e.note)).toEqual([
      'Not applied: the event names no Printful order',
      'Not applied: Printful reports the order shipped, not cancelled',
    ]);
    expect(await alerts(paid.orderId, 'fulfilment-canceled')).toEqual([]);
  });

  it('a hold Printful does not report is not applied; one it does report is', async () => {
    const paid = await h.paidOrder();
    const forged = await h.printfulEvent('order_put_hold', paid, { reason: 'Forged' }, { printfulAgrees: false });
    expect(forged.result).toMatchObject({ outcome: 'not-applied', fulfilment: 'pending' });
    expect(await alerts(paid.orderId, 'fulfilment-on-hold')).toEqual([]);
    const real = await h.printfulEvent('order_put_hold', paid, { reason: 'Address check' });
    expect(real.result).toMatchObject({ outcome: 'applied', fulfilment: 'onhold' });
  });

  it('a shipment Printful does not list is not applied and e-mails nobody', async () => {
    const paid = await h.paidOrder();
    const forged = await h.printfulEvent(
      'package_shipped',
      paid,
      { shipment: shipment('https://track.example/forged') },
      { printfulAgrees: false },
    );
    expect(forged.result).toMatchObject({ outcome: 'not-applied', status: 'paid', fulfilment: 'pending' });
    const order = await h.order(paid.orderId);
    expect(order.fulfilment.tracking ?? null).toBeNull();
    expect(order.events?.[0]?.note).toBe('Not applied: Printful lists no such shipment on the order');
    expect((await h.notificationJobs(paid.orderId)).map((j) => j.name)).not.toContain('order-shipped');
  });

  it('an event dated in the future does not block the events after it', async () => {
    const paid = await h.paidOrder();
    const hold = await h.printfulEvent('order_put_hold', paid, { created: 4_102_444_800, reason: 'Checking' });
    expect(hold.result).toMatchObject({ outcome: 'applied', fulfilment: 'onhold' });
    // Printful lifts the hold now: a clock a few seconds ahead of ours is capped as well.
    const release = await h.printfulEvent('order_remove_hold', paid, {
      printfulStatus: 'pending',
      created: Math.floor(Date.now() / 1000) + 5,
    });
    expect(release.result).toMatchObject({ outcome: 'applied', fulfilment: 'pending' });
    const order = await h.order(paid.orderId);
    expect(order.events?.map((e) => e.note?.startsWith('Not applied') ?? false)).toEqual([false, false]);
    expect(order.events?.[0]?.at.startsWith('2100')).toBe(false);
  });

  it('a returned parcel replayed with new times e-mails the shopper and the studio once', async () => {
    const paid = await h.paidOrder();
    await h.printfulEvent('package_shipped', paid, { shipment: shipment('https://track.example/ret') });
    for (let i = 0; i < 3; i++) await h.printfulEvent('package_returned', paid, { reason: 'Address unknown' });
    expect((await alerts(paid.orderId, 'package-returned')).sort()).toEqual([
      'order-alert-shopper',
      'order-alert-studio',
    ]);
  });
});

describe('Stripe refunds', () => {
  it('a full refund before shipment: order refunded, Printful order cancelled, shopper told, repeats harmless', async () => {
    const paid = await h.paidOrder([1]);
    const refund = await h.stripe.refunds.create({ payment_intent: paid.paymentIntent });
    // Stripe's order is not promised: the charge event may come first.
    const charge = `ch_${paid.paymentIntent.replace(/^pi_/, '')}`;
    expect(await h.stripeEvent('charge.refunded', charge)).toMatchObject({ outcome: 'applied', status: 'refunded' });
    await h.stripeEvent('refund.created', refund.id);

    const order = await h.order(paid.orderId);
    expect(order.status).toBe('refunded');
    expect(order.refunds).toEqual([{ id: refund.id, amount: refund.amount / 100, status: 'succeeded' }]);
    // The studio reads the history and the reason in words, spelt as the admin screens spell them.
    expect(order.fulfilment).toMatchObject({ status: 'canceled', reason: 'Cancelled after a full refund' });
    expect(printfulOrder(paid.printfulOrderId).status).toBe('canceled');
    expect(order.events?.filter((e) => e.source === 'stripe').map((e) => e.type)).toEqual([
      'charge.refunded',
      'refund.created',
    ]);
    const total = `$${(refund.amount / 100).toFixed(2)}`;
    expect(order.events?.find((e) => e.type === 'charge.refunded')?.note).toBe(`1 refund, ${total} in total (full)`);
    expect(order.events?.find((e) => e.type === 'printful-cancel')?.note).toBe(
      `Printful order ${paid.printfulOrderId} is cancelled`,
    );
    const email = await h.email(orderAlertJobId('refunded', paid.orderId, refund.id, 'shopper'));
    expect(email).toMatch(/^To: ada@example\.com$/m);
    expect(email).toMatch(/refunded/);
    expect((await h.notificationJobs(paid.orderId)).filter((j) => j.name === 'order-alert-shopper')).toHaveLength(1);

    // A late Printful event cannot undo the refund.
    await h.printfulEvent('order_remove_hold', paid, { printfulStatus: 'pending' });
    expect((await h.order(paid.orderId)).status).toBe('refunded');
  });

  it("a refund the studio made with 'tell the customer' off e-mails nobody, and keeps the reason and note on the order", async () => {
    const paid = await h.paidOrder([1]);
    const quiet = await h.stripe.refunds.create({
      payment_intent: paid.paymentIntent,
      amount: 400,
      reason: 'duplicate',
      metadata: { note: 'Charged twice', tell_customer: 'no', order_id: paid.orderId },
    });
    await h.stripeEvent('refund.created', quiet.id);
    const order = await h.order(paid.orderId);
    expect(order.refunds).toEqual([
      { id: quiet.id, amount: 4, status: 'succeeded', reason: 'duplicate', note: 'Charged twice', tellCustomer: false },
    ]);
    // A later refund with it on (or made in the Stripe Dashboard): that one is e-mailed.
    const told = await h.stripe.refunds.create({ payment_intent: paid.paymentIntent, amount: 300 });
    await h.stripeEvent('refund.created', told.id);
    const alerts = (await h.notificationJobs(paid.orderId)).filter((j) => j.name === 'order-alert-shopper');
    expect(alerts.map((j) => j.id)).toEqual([orderAlertJobId('refunded', paid.orderId, told.id, 'shopper')]);
  });

  it('a partial refund is recorded without cancelling; the rest refunded later completes it', async () => {
    const paid = await h.paidOrder([2]);
    const session = await h.stripe.checkout.sessions.retrieve(paid.sessionId);
    const first = await h.stripe.refunds.create({ payment_intent: paid.paymentIntent, amount: 500 });
    await h.stripeEvent('refund.created', first.id);
    let order = await h.order(paid.orderId);
    expect(order.status).toBe('paid');
    expect(order.refunds).toEqual([{ id: first.id, amount: 5, status: 'succeeded' }]);
    expect(printfulOrder(paid.printfulOrderId).status).toBe('pending');

    const rest = await h.stripe.refunds.create({ payment_intent: paid.paymentIntent });
    expect(rest.amount).toBe((session.amount_total ?? 0) - 500);
    await h.stripeEvent('refund.created', rest.id);
    order = await h.order(paid.orderId);
    expect(order.status).toBe('refunded');
    expect(order.refunds?.map((r) => r.id).sort()).toEqual([first.id, rest.id].sort());
    const total = `$${((session.amount_total ?? 0) / 100).toFixed(2)}`;
    expect(order.events?.filter((e) => e.type === 'refund.created').map((e) => e.note)).toEqual([
      '1 refund, $5.00 in total',
      `2 refunds, ${total} in total (full)`,
    ]);
    expect(printfulOrder(paid.printfulOrderId).status).toBe('canceled');
  });

  it('a refund after shipment: refunded, nothing to cancel at Printful, no alert', async () => {
    const paid = await h.paidOrder([1]);
    await h.printfulEvent('package_shipped', paid, {
      printfulStatus: 'fulfilled',
      shipment: shipment('https://t.example/3'),
    });
    const refund = await h.stripe.refunds.create({ payment_intent: paid.paymentIntent });
    expect(await h.stripeEvent('refund.created', refund.id)).toMatchObject({ status: 'refunded' });
    const order = await h.order(paid.orderId);
    expect(order).toMatchObject({ status: 'refunded', fulfilment: { status: 'fulfilled' } });
    expect((await h.notificationJobs(paid.orderId)).map((j) => j.name)).not.toContain('order-alert-studio');
  });

  it('a refund that fails later is recorded as failed', async () => {
    const paid = await h.paidOrder([2]);
    const refund = await h.stripe.refunds.create({ payment_intent: paid.paymentIntent, amount: 300 });
    await h.stripeEvent('refund.created', refund.id);
    h.stripeSandbox.payments.updateRefund(refund.id, 'failed', 'expired_or_canceled_card');
    await h.stripeEvent('refund.updated', refund.id);
    const order = await h.order(paid.orderId);
    expect(order.status).toBe('paid');
    expect(order.refunds).toEqual([{ id: refund.id, amount: 3, status: 'failed' }]);
  });

  it('a refund Stripe does not know, or of a payment with no order here, changes nothing', async () => {
    const paid = await h.paidOrder([1]);
    const data = { type: 'refund.created' as const };
    await expect(h.stripeEvent(data.type, 're_test_nothing')).rejects.toThrow(/sent no refund.created/);
    const other = await h.checkout([1], { withOrder: false });
    await h.pay(other.sessionId);
    // Paid but never recorded here: the session is not linked to any stored order.
    const session = await h.stripe.checkout.sessions.retrieve(other.sessionId);
    const refund = await h.stripe.refunds.create({ payment_intent: session.payment_intent as string });
    expect(await h.stripeEvent('refund.created', refund.id)).toMatchObject({ outcome: 'not-ours' });
    expect((await h.order(paid.orderId)).refunds ?? []).toEqual([]);
  });
});

describe('Stripe disputes', () => {
  it('a dispute is recorded on the order and the studio is alerted', async () => {
    const paid = await h.paidOrder([1]);
    const dispute = h.stripeSandbox.payments.openDispute(paid.paymentIntent, { reason: 'product_not_received' });
    await h.stripeEvent('charge.dispute.created', dispute.id);
    await h.stripeEvent('charge.dispute.created', dispute.id);
    const order = await h.order(paid.orderId);
    expect(order.status).toBe('paid');
    expect(order.events?.filter((e) => e.type === 'charge.dispute.created')).toEqual([
      expect.objectContaining({ source: 'stripe', note: expect.stringContaining('product_not_received') }),
    ]);
    const alert = await h.email(orderAlertJobId('dispute', paid.orderId, dispute.id, 'studio'));
    expect(alert).toMatch(/^To: studio@studio\.local$/m);
    expect(alert).toMatch(/payment disputed/);
  });
});
