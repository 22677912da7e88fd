import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import { parseConfig } from '@shop/shared/server/config';
import {
  PrintfulClient,
  PrintfulRequestError,
  PRINTFUL_WEBHOOK_TYPES,
  registerPrintfulWebhooks,
} from '@shop/shared/providers/printful';
import { PRINTFUL_TEST_RECIPIENT } from '../../fixtures/printful-recipient.js';
import { startPrintfulSandbox, type PrintfulSandbox } from './server.js';

// Printful sends a store nothing until it registers where to (v1 `POST /webhooks`, one URL per
// store): the store's registration, the sandbox keeping it, and events following it.

let sandbox: PrintfulSandbox;
let receiver: Server;
const received: Array<{ path: string; type: string }> = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url ?? '', type: JSON.parse(Buffer.concat(chunks).toString('utf8')).type });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // No webhook URL given: like a new Printful store, it sends nothing until one is registered.
  sandbox = await startPrintfulSandbox({ products: 2 });
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

const client = () => new PrintfulClient({ baseUrl: sandbox.url, apiKey: PRINTFUL_SANDBOX_TOKEN, retry: false });

async function shipAnOrder(externalId: string) {
  const variant = sandbox.catalogue.list()[0].variants[0];
  const draft = await client().createOrder({
    external_id: externalId,
    recipient: PRINTFUL_TEST_RECIPIENT,
    items: [{ sync_variant_id: variant.id, quantity: 1 }],
  });
  const order = await client().confirmOrder(draft.id);
  await fetch(`${sandbox.url}/__sandbox/orders/${order.id}/events`, {
    method: 'POST',
    body: JSON.stringify({ type: 'package_shipped' }),
  });
}

describe('registering the store for Printful webhooks', () => {
  it('sends nothing before, and every handled event type to the store after', async () => {
    expect(await client().getWebhooks()).toMatchObject({ url: null, types: [] });
    await shipAnOrder('ord_before_hooks');
    expect(received).toHaveLength(0);

    const config = parseConfig({
      PUBLIC_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      PRINTFUL_WEBHOOK_TOKEN: 'registered-token-1',
    });
    const registered = await registerPrintfulWebhooks(client(), config);
    expect(registered.url).toBe(`${config.PUBLIC_URL}/api/webhooks/printful/registered-token-1`);
    expect(await client().getWebhooks()).toMatchObject({ url: registered.url, types: [...PRINTFUL_WEBHOOK_TYPES] });
    expect(PRINTFUL_WEBHOOK_TYPES).toEqual(expect.arrayContaining(['product_updated', 'package_shipped']));

    await shipAnOrder('ord_after_hooks');
    await expect.poll(() => received.map((r) => r.type)).toContain('package_shipped');
    expect(received[0].path).toBe('/api/webhooks/printful/registered-token-1');
  });

  it("refuses an unknown event type with Printful's error envelope, keeping the registration", async () => {
    const before = await client().getWebhooks();
    const refused = client().setWebhooks({ url: 'https://shop.example/hooks', types: ['order_teleported'] });
    await expect(refused).rejects.toBeInstanceOf(PrintfulRequestError);
    const raw = await fetch(`${sandbox.url}/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PRINTFUL_SANDBOX_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'not a url', types: ['package_shipped'] }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({
      code: 400,
      error: { reason: expect.any(String), message: expect.any(String) },
    });
    expect(await client().getWebhooks()).toEqual(before);
  });
});
