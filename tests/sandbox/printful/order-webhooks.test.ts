import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import {
  PRINTFUL_ORDER_WEBHOOKS,
  PrintfulClient,
  PrintfulRateLimitError,
  PrintfulRequestError,
  printfulWebhookMoves,
} from '@shop/shared/providers/printful';
import { PRINTFUL_TEST_RECIPIENT } from '../../fixtures/printful-recipient.js';
import { startPrintfulSandbox, type PrintfulSandbox } from './server.js';

// The Printful sandbox's order webhooks and cancellation, as Printful does them
// (docs/providers.md#printful-orders), driven through the project's Printful client.

let sandbox: PrintfulSandbox;
let receiver: Server;
interface Hook {
  type: string;
  created: number;
  store: number;
  data: { reason?: string; order: { id: number; external_id: string; status: string }; shipment?: object };
}
const received: Hook[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Hook);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sandbox = await startPrintfulSandbox({
    products: 2,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/printful/token`,
  });
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const client = () => new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: false });

async function confirmedOrder(externalId: string) {
  const variant = sandbox.catalogue.list()[0].variants[0];
  const printful = client();
  const draft = await printful.createOrder({
    external_id: externalId,
    recipient: PRINTFUL_TEST_RECIPIENT,
    items: [{ sync_variant_id: variant.id, quantity: 1 }],
  });
  return printful.confirmOrder(draft.id);
}

describe('order webhooks', () => {
  it('hold, release, ship and return: each moves the order and posts the v1 envelope with the full order', async () => {
    const order = await confirmedOrder('ord_sandbox_hooks1');
    const post = (body: object) =>
      fetch(`${sandbox.url}/__sandbox/orders/${order.id}/events`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post({ type: 'order_put_hold', reason: 'Check the address' })).status).toBe(200);
    expect((await client().getOrder(order.id)).status).toBe('onhold');
    await post({ type: 'order_remove_hold' });
    await post({ type: 'package_shipped' });
    expect((await client().getOrder(order.id)).status).toBe('fulfilled');
    await post({ type: 'package_returned', reason: 'Address unknown' });
    const mine = received.filter((r) => r.data.order?.id === order.id);
    expect(mine.map((r) => r.type)).toEqual([
      'order_put_hold',
      'order_remove_hold',
      'package_shipped',
      'package_returned',
    ]);
    expect(mine[0]).toMatchObject({
      store: expect.any(Number),
      data: { reason: 'Check the address', order: { external_id: 'ord_sandbox_hooks1', status: 'onhold' } },
    });
    expect(mine[2].data.shipment).toMatchObject({ carrier: 'USPS', tracking_url: expect.stringMatching(/^https:/) });
    expect(mine[3].data).toMatchObject({
      reason: 'Address unknown',
      shipment: { tracking_number: expect.any(String) },
    });
  });

  it('refuses an event Printful would never send for the order as it is', async () => {
    const order = await confirmedOrder('ord_sandbox_hooks2');
    const answer = await fetch(`${sandbox.url}/__sandbox/orders/${order.id}/events`, {
      method: 'POST',
      body: JSON.stringify({ type: 'order_remove_hold' }),
    });
    expect(answer.status).toBe(400);
  });
});

describe("Printful's order model (docs/fidelity.md#printful-order-states)", () => {
  const post = (id: number, body: object) =>
    fetch(`${sandbox.url}/__sandbox/orders/${id}/events`, { method: 'POST', body: JSON.stringify(body) });

  it('ends a cost-calculation hold (embroidery) in draft at the new cost, to be confirmed again', async () => {
    const order = await confirmedOrder('ord_sandbox_reprice');
    await post(order.id, { type: 'order_put_hold', reason: 'Calculating the cost' });
    expect((await post(order.id, { type: 'order_remove_hold', repricedTotal: 31.5 })).status).toBe(200);
    const draft = await client().getOrder(order.id);
    expect(draft).toMatchObject({ status: 'draft', costs: { total: '31.50' } });
    expect(printfulWebhookMoves('order_remove_hold', 'onhold', 'draft')).toBe(true);
    expect((await client().confirmOrder(order.id)).status).toBe('pending');
  });

  it('refuses confirm on a failed order; PUT ?confirm=1 submits it again', async () => {
    const order = await confirmedOrder('ord_sandbox_failed');
    await post(order.id, { type: 'order_failed' });
    await expect(client().confirmOrder(order.id)).rejects.toBeInstanceOf(PrintfulRequestError);
    expect((await client().resubmitOrder(order.id)).status).toBe('pending');
  });

  it('names one of the order’s own shipments in package_returned, and refuses it before any shipment', async () => {
    const order = await confirmedOrder('ord_sandbox_returned');
    await post(order.id, { type: 'package_shipped' });
    await post(order.id, { type: 'package_returned' });
    const [shipped, returned] = received.filter((r) => r.data.order?.id === order.id).slice(-2);
    const shipment = (shipped.data.shipment as { id: number }).id;
    expect((returned.data.shipment as { id: number }).id).toBe(shipment);
    expect(returned.data.order).toMatchObject({ shipments: [expect.objectContaining({ id: shipment })] });
    // The model's table: a return leaves the order's status as it was.
    expect(PRINTFUL_ORDER_WEBHOOKS.package_returned.to).toEqual(['same']);
  });

  it('keeps a cancelled order’s external_id: a new order under it is refused, with no made-up error code', async () => {
    const order = await confirmedOrder('ord_sandbox_reuse');
    await client().cancelOrder(order.id);
    const variant = sandbox.catalogue.list()[0].variants[0];
    const again = client().createOrder({
      external_id: 'ord_sandbox_reuse',
      recipient: PRINTFUL_TEST_RECIPIENT,
      items: [{ sync_variant_id: variant.id, quantity: 1 }],
    });
    await expect(again).rejects.toThrow(/already used/);
    await expect(again).rejects.not.toThrow(/OR-13/);
  });

  it('answers 419 "rate limited warning" when told to, which the client reads as a rate limit', async () => {
    sandbox.faults.rateLimit({ count: 1, status: 419, retryAfterSec: 1 });
    await expect(client().getOrder(1)).rejects.toBeInstanceOf(PrintfulRateLimitError);
  });
});

describe('DELETE /orders/{id}', () => {
  it('cancels a pending order and announces it; an order in production cannot be cancelled', async () => {
    const order = await confirmedOrder('ord_sandbox_cancel1');
    expect((await client().cancelOrder(order.id)).status).toBe('canceled');
    await expect
      .poll(() => received.some((r) => r.type === 'order_canceled' && r.data.order.id === order.id))
      .toBe(true);
    await expect(client().cancelOrder(order.id)).rejects.toThrow(/can no longer be canceled/);

    const busy = await confirmedOrder('ord_sandbox_cancel2');
    sandbox.orders.find(String(busy.id))!.status = 'inprocess';
    await expect(client().cancelOrder('ord_sandbox_cancel2')).rejects.toThrow(/inprocess/);
  });
});
