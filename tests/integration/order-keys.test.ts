import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { orderAlertJobId } from '@shop/shared/domain/order';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { readOrder } from '@shop/shared/server/orders';
import { TEST_SHOPPER_ADDRESS } from '../fixtures/hosted-payment.js';
import { readableMessage } from '../fixtures/mime-message.js';
import { startCheckoutStack, waitUntil, type CheckoutStack } from './checkout-stack.js';

// Only the buyer changes or cancels their order (docs/after-payment.md#who-may-change-an-order):
// the order's number and e-mail address are no key, since neither is a secret, and a stranger who
// opens a checkout of their own learns no order number from it. The buyer's keys (the e-mail
// link's key, the checkout session, their account) still work, every change is e-mailed with what
// it was and what it became, and an address change is undone from that e-mail.

let stack: CheckoutStack;

beforeAll(async () => {
  stack = await startCheckoutStack({ env: { ORDER_GRACE_MINUTES: '60', TRUST_PROXY: '127.0.0.1' } });
});

afterAll(async () => {
  await stack?.close();
});

interface Answer {
  number?: string;
  outcome?: string;
  order?: { number: string; shippingAddress?: unknown; email?: unknown; secondChance?: { changes?: number } };
  error?: { code: string; message: string };
}

let client = 0;
beforeEach(() => {
  client += 1;
});

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.apiUrl}${route}`, {
    method,
    headers: {
      'x-forwarded-for': `198.51.100.${client}`,
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer, text: '' };
}

type Paid = OrderStatusResponse & { sessionId: string };

async function openCheckout() {
  const shopper = stack.guest();
  const [product] = stack.products;
  const variant = product.variants[0];
  await shopper.add(product.id, 1, { size: variant.size, color: variant.color });
  return shopper.checkout();
}

async function paidOrder(): Promise<Paid> {
  const session = await openCheckout();
  await stack.pay(session.url, 'card');
  const order = await stack.waitForOrder(session.id, (o) => o.fulfilment.status === 'draft');
  return { ...order, sessionId: session.id };
}

const address = (order: Paid, fields: Record<string, string | null>) => ({
  name: order.shippingAddress!.name,
  address1: order.shippingAddress!.address1,
  address2: order.shippingAddress!.address2,
  city: order.shippingAddress!.city,
  stateCode: order.shippingAddress!.stateCode,
  countryCode: order.shippingAddress!.countryCode,
  zip: order.shippingAddress!.zip,
  ...fields,
});

const draftOf = (orderId: string) => stack.printfulOrdersFor(orderId)[0];
const mail = (file: string) => readableMessage(readFileSync(path.join(stack.config.OUTBOX_DIR, file), 'utf8'));

describe('a stranger who knows the buyer’s e-mail address', () => {
  it('the probe: an unpaid checkout shows no order number, and number plus e-mail neither changes, cancels nor shows the address', async () => {
    // The stranger's own unpaid checkout: its confirmation page's read gives no number to count from.
    const own = await openCheckout();
    const pending = await call('GET', `/api/orders/by-session/${own.id}`);
    expect(pending.status).toBe(200);
    expect(pending.body.number).toBeUndefined();

    const victim = await paidOrder();
    const guess = { number: victim.number, email: ` ${TEST_SHOPPER_ADDRESS.email.toUpperCase()} ` };

    // Where it stands, yes; where it goes and to whom, no.
    const status = await call('POST', '/api/orders/lookup', guess);
    expect(status.status).toBe(200);
    expect(status.body.order?.number).toBe(victim.number);
    expect(status.body.order?.shippingAddress).toBeNull();
    expect(JSON.stringify(status.body)).not.toContain(TEST_SHOPPER_ADDRESS.line1);

    const redirect = await call('POST', '/api/orders/change', {
      order: guess,
      basedOn: 0,
      change: {
        kind: 'address',
        address: address(victim, { name: 'Mallory', address1: '1 Drop Box Ln', zip: '62702' }),
      },
    });
    expect(redirect.status).toBe(403);
    expect(redirect.body.error?.message).toBe(MESSAGES.orderNeedsKey);
    const cancel = await call('POST', '/api/orders/cancel', guess);
    expect(cancel.status).toBe(403);
    expect(cancel.body.error?.message).toBe(MESSAGES.orderNeedsKey);
    // A number and an address that do not match answer the same: the refusal confirms nothing.
    const wrong = await call('POST', '/api/orders/cancel', { number: victim.number, email: 'mallory@example.com' });
    expect(wrong).toMatchObject({ status: 403, body: { error: { message: MESSAGES.orderNeedsKey } } });

    const stored = (await readOrder(stack.store, victim.id))!;
    expect(stored.status).toBe('paid');
    expect(stored.changes ?? []).toEqual([]);
    expect(stored.shipping?.address1).toBe(TEST_SHOPPER_ADDRESS.line1);
    expect(draftOf(victim.id)).toMatchObject({ status: 'draft', recipient: { address1: TEST_SHOPPER_ADDRESS.line1 } });
  });
});

describe('the buyer’s own keys, and every change told', () => {
  it('two quick changes from the e-mail’s link: the e-mails name both, each with what it was and what it became', async () => {
    const order = await paidOrder();
    const { accessKey } = (await readOrder(stack.store, order.id))!;
    const proof = { number: order.number, key: accessKey };
    const first = await call('POST', '/api/orders/change', {
      order: proof,
      basedOn: 0,
      change: { kind: 'address', address: address(order, { address1: '2 Difference Engine Road' }) },
    });
    const second = await call('POST', '/api/orders/change', {
      order: proof,
      basedOn: 1,
      change: { kind: 'address', address: address(order, { address1: '3 Difference Engine Road' }) },
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    // The second change's job writes its e-mail last; the first's (if it was not folded into it) before.
    const shopperMail = (n: number) => `${orderAlertJobId('order-changed', order.id, `change-${n}`, 'shopper')}.eml`;
    await waitUntil(() => stack.outboxFiles().includes(shopperMail(2)), 30_000, 'the second change e-mail');
    const told = stack
      .outboxFiles()
      .filter((f) => f.startsWith(orderAlertJobId('order-changed', order.id, 'change-', 'shopper')))
      .map(mail)
      .join('\n');
    expect(told).toContain(`${TEST_SHOPPER_ADDRESS.line1}`);
    expect(told).toContain('2 Difference Engine Road');
    expect(told).toContain('3 Difference Engine Road');
    // The first change's old and new street, in that order, in one line of the list.
    expect(told).toMatch(new RegExp(`${TEST_SHOPPER_ADDRESS.line1}[^\\n]*->[^\\n]*2 Difference Engine Road`));
  });

  it('an address change is undone from its e-mail’s link while the grace period lasts', async () => {
    const order = await paidOrder();
    const { accessKey } = (await readOrder(stack.store, order.id))!;
    const changed = await call('POST', '/api/orders/change', {
      order: { sessionId: order.sessionId },
      basedOn: 0,
      change: { kind: 'address', address: address(order, { address1: '9 Wrong Turn' }) },
    });
    expect(changed.status).toBe(200);
    await waitUntil(
      () => stack.outboxFiles().includes(`${orderAlertJobId('order-changed', order.id, 'change-1', 'shopper')}.eml`),
      30_000,
      'the change e-mail',
    );
    const text = mail(`${orderAlertJobId('order-changed', order.id, 'change-1', 'shopper')}.eml`);
    const undo = /\/store\/order-status\?number=[^&\s]+&key=[^&\s]+&undo=1/.exec(text.replace(/&amp;/g, '&'));
    expect(undo, text).not.toBeNull();
    expect(undo![0]).toContain(accessKey!);

    // A wrong key undoes nothing; the right one puts the paid-for address back, and the draft follows.
    const wrong = await call('POST', '/api/orders/undo-change', {
      order: { number: order.number, key: 'x'.repeat(32) },
      change: 1,
    });
    expect(wrong.status).toBe(404);
    const undone = await call('POST', '/api/orders/undo-change', {
      order: { number: order.number, key: accessKey },
      change: 1,
    });
    expect(undone.status).toBe(200);
    expect(undone.body.outcome).toBe('changed');
    await waitUntil(() => draftOf(order.id).recipient.address1 === TEST_SHOPPER_ADDRESS.line1, 30_000, 'the draft');
    const again = await call('POST', '/api/orders/undo-change', {
      order: { number: order.number, key: accessKey },
      change: 1,
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(MESSAGES.orderUndoStale);
  });
});

describe('the one-time code, for a buyer without the e-mail’s link at hand', () => {
  it('e-mailed only to the order’s address, it opens the order once, and a wrong code opens nothing', async () => {
    const order = await paidOrder();
    const { accessKey } = (await readOrder(stack.store, order.id))!;
    const codeMails = () => stack.outboxFiles().filter((f) => f.startsWith(`order-access-code-${order.id}-`));

    // A wrong address gets the same answer, and no e-mail goes anywhere.
    const stranger = await call('POST', '/api/orders/access-code', {
      number: order.number,
      email: 'mallory@example.com',
    });
    expect(stranger).toMatchObject({ status: 202, body: { message: MESSAGES.orderCodeSent } });
    const asked = await call('POST', '/api/orders/access-code', { number: order.number, email: order.email });
    expect(asked).toMatchObject({ status: 202, body: { message: MESSAGES.orderCodeSent } });
    await waitUntil(() => codeMails().length === 1, 30_000, 'the code e-mail');
    const raw = readFileSync(path.join(stack.config.OUTBOX_DIR, codeMails()[0]), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${TEST_SHOPPER_ADDRESS.email}`, 'mi'));
    const code = /Your code: (\d{6})/.exec(readableMessage(raw))![1];

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await call('POST', '/api/orders/lookup', { number: order.number, code: wrongCode });
    expect(wrong).toMatchObject({ status: 404, body: { error: { message: MESSAGES.orderCodeWrong } } });
    const opened = await call('POST', '/api/orders/lookup', { number: order.number, code });
    expect(opened.status).toBe(200);
    expect(opened.body.order).toMatchObject({
      access: 'full',
      shippingAddress: { address1: TEST_SHOPPER_ADDRESS.line1 },
    });
    expect((opened.body as { key?: string }).key).toBe(accessKey);
    // Used once: the same code again opens nothing.
    const reused = await call('POST', '/api/orders/lookup', { number: order.number, code });
    expect(reused).toMatchObject({ status: 404, body: { error: { message: MESSAGES.orderCodeWrong } } });
    // Asked again at once: no second e-mail within the minute, whoever asks.
    await call('POST', '/api/orders/access-code', { number: order.number, email: order.email });
    expect(codeMails()).toHaveLength(1);
  });

  it('five wrong codes use the code up: the right one then opens nothing', async () => {
    const order = await paidOrder();
    await call('POST', '/api/orders/access-code', { number: order.number, email: order.email });
    const file = () => stack.outboxFiles().find((f) => f.startsWith(`order-access-code-${order.id}-`));
    await waitUntil(() => file() !== undefined, 30_000, 'the code e-mail');
    const code = /Your code: (\d{6})/.exec(mail(file()!))![1];
    const wrongCode = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      client += 1; // each from another client: the code's own count stops them, not the client budget
      expect((await call('POST', '/api/orders/lookup', { number: order.number, code: wrongCode })).status).toBe(404);
    }
    client += 1;
    const late = await call('POST', '/api/orders/lookup', { number: order.number, code });
    expect(late).toMatchObject({ status: 404, body: { error: { message: MESSAGES.orderCodeWrong } } });
  });
});
