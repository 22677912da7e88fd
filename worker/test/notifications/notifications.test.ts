import path from 'node:path';
import net from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_JOB_OPTIONS,
  confirmationEmailJobId,
  orderAlertJobId,
  shippedEmailJobId,
} from '@shop/shared/domain/order';
import { normaliseStorefrontProduct, printfulProductDetailSchema } from '@shop/shared/providers/printful';
import { type Order, type QuoteDocument } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { Config } from '@shop/shared/server/config';
import { SITE } from '@shop/shared/pages';
import { JOBS, QUEUES } from '@shop/shared/server/queues';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { jobModule as notificationsModule } from '../../src/jobs/notifications/index.js';
import { EMAIL_COLOURS } from '../../src/jobs/notifications/email-layout.js';
import { openWorkerTestBed } from '../helpers/worker-test-bed.js';
import { partOf } from '../../../tests/fixtures/mime-message.js';
import { orderLine, paidOrder } from '../../../tests/fixtures/paid-order.js';
import { initialCatalogue } from '../../../tests/sandbox/printful/catalog.js';
import { syncProductDetail } from '../../../tests/sandbox/printful/printful-wire.js';

// The notifications worker writing real messages: .eml files without SMTP, and SMTP when set.

/** The paid order the e-mails are about, with customer content that HTML must escape. */
function order(overrides: Partial<Order> = {}): Order {
  return paidOrder({
    number: `CS-${Math.floor(Math.random() * 900_000) + 100_000}`,
    sessionId: 'cs_test_abcdefghijklmnop',
    items: [orderLine({ name: '<b>Evil</b> & Co Tee', variantName: '<b>Evil</b> & Co Tee / Black / M' })],
    amounts: { subtotal: 49.98, shipping: 4.75, tax: 4.12, total: 58.85, currency: 'USD' },
    totalPrice: 58.85,
    shipping: {
      name: 'Ada <Lovelace>',
      email: 'ada@example.com',
      address1: '1 Analytical Way',
      address2: null,
      city: 'Springfield',
      stateCode: 'IL',
      countryCode: 'US',
      zip: '62701',
    },
    ...overrides,
  });
}

interface Setup {
  config: Config;
  store: FullDocumentStore;
  send(name: string, data: Record<string, unknown>, jobId: string): Promise<unknown>;
  close(): Promise<void>;
}

async function setup(env: Record<string, string> = {}): Promise<Setup> {
  const bed = await openWorkerTestBed({
    name: 'notifications',
    queues: [QUEUES.notifications],
    env: { MAIL_FROM: `${SITE.name} <shop@studio.test>`, STUDIO_EMAIL: 'hello@studio.test', ...env },
  });
  const [queue] = bed.queues;
  await bed.startWorkers([notificationsModule]);
  return {
    config: bed.config,
    store: bed.store,
    async send(name, data, jobId) {
      const job = await queue.add(name, data, { ...ORDER_JOB_OPTIONS, attempts: 1, jobId });
      return job.waitUntilFinished(bed.queueEvents, 30_000);
    },
    close: () => bed.close(),
  };
}

describe('without SMTP: .eml files in the outbox', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s?.close();
  });

  const read = (file: string) => readFileSync(file, 'utf8');

  it('writes the order confirmation in the branded layout: number, amounts, address, a link a guest can use', async () => {
    const o = order();
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const result = (await s.send(
      JOBS.notifications.orderConfirmation,
      { orderId: o.id },
      confirmationEmailJobId(o.id),
    )) as { file: string };
    expect(result.file).toBe(path.join(path.resolve(s.config.OUTBOX_DIR), `order-confirmation-${o.id}.eml`));

    const raw = read(result.file);
    expect(raw).toMatch(/^To: ada@example\.com$/m);
    expect(raw).toMatch(/^From: Copperleaf Studio <shop@studio\.test>$/m);
    expect(raw).toContain(`Subject: Your Copperleaf Studio order ${o.number} is confirmed`);
    // The internal id never reaches the shopper, in any part.
    expect(raw).not.toContain(o.id);
    expect(raw).not.toContain(o.sessionId);
    const text = partOf(raw, 'text/plain');
    // The product is named once, with its variant.
    expect(text).toContain('- <b>Evil</b> & Co Tee (Black / M): 2 x $24.99 = $49.98');
    for (const line of ['Subtotal: $49.98', 'Shipping: $4.75', 'Tax: $4.12', 'Total: $58.85'])
      expect(text).toContain(line);
    expect(text).toContain('Ada <Lovelace>');
    // The country in words, as the shopper chose it at checkout.
    expect(text).toMatch(/^United States$/m);
    expect(text).not.toMatch(/^US$/m);
    expect(text).toContain(`See your order: http://shop.test/store/order-status?number=${o.number}`);
    expect(text).toContain('hello@studio.test');
    const html = partOf(raw, 'text/html');
    expect(html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; Co Tee');
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    expect(html).not.toContain('<b>Evil</b>');
    expect(html).toContain(`href="http://shop.test/store/order-status?number=${o.number}"`);
    expect(html).toContain('max-width:600px');
  });

  it('shows the shop logo, each product picture and the delivery promise made at checkout, in HTML and text', async () => {
    const o = order({
      items: [orderLine({ name: 'Pixel Tee', imageUrl: '/images/pixel-tee.png' })],
      shippingMethod: { id: 'STANDARD', name: 'Flat Rate', promise: 'Arrives Tue, Dec 1 - Fri, Dec 4' },
    });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const result = (await s.send(
      JOBS.notifications.orderConfirmation,
      { orderId: o.id },
      confirmationEmailJobId(o.id),
    )) as { file: string };
    const raw = read(result.file);
    const html = partOf(raw, 'text/html');
    expect(html).toContain(`src="http://shop.test${SITE.emailLogo}"`);
    expect(html).toContain('src="http://shop.test/images/pixel-tee.png"');
    expect(html).toContain('Arrives Tue, Dec 1 - Fri, Dec 4');
    expect(partOf(raw, 'text/plain')).toContain('Delivery: Arrives Tue, Dec 1 - Fri, Dec 4');
  });

  it("shows a Printful product's own mockup, a picture mail clients display, with the product's name as its alt text", async () => {
    // The line as a shopper's cart makes it from the synced product: the chosen variant's first
    // mockup, exactly as the Printful sandbox (like Printful) lists it.
    const [demo] = initialCatalogue();
    const product = normaliseStorefrontProduct(
      printfulProductDetailSchema.parse(syncProductDetail('http://127.0.0.1:3101', demo)),
    );
    const variant = product.variants[0];
    const picture = variant.images?.[0] ?? '';
    expect(picture).not.toBe('');
    const o = order({
      items: [orderLine({ name: product.title, size: variant.size, color: variant.color, imageUrl: picture })],
    });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const { file } = (await s.send(
      JOBS.notifications.orderConfirmation,
      { orderId: o.id },
      confirmationEmailJobId(o.id),
    )) as { file: string };
    const html = partOf(read(file), 'text/html');
    const img = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag).find((tag) => tag.includes(picture));
    expect(img, 'the product picture').toBeDefined();
    expect(img).toContain(`alt="${product.title}"`);
  });

  it("shows a picture the store made as a JPEG at twice the line's width, on the shop's own address", async () => {
    // Mail clients negotiate no formats and resolve no paths (docs/performance.md#product-pictures).
    const picture = '/api/pictures/0123456789abcdef0123-1000x1000-e8e8e8';
    const o = order({ items: [orderLine({ name: 'Pixel Tee', imageUrl: picture })] });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const { file } = (await s.send(
      JOBS.notifications.orderConfirmation,
      { orderId: o.id },
      confirmationEmailJobId(o.id),
    )) as { file: string };
    const html = partOf(read(file), 'text/html');
    // A 56 px picture at twice the density: the 160 px JPEG.
    expect(html).toContain(`src="http://shop.test${picture}/160.jpg"`);
  });

  it("links a signed-in shopper's e-mail to their account", async () => {
    const o = order({ owner: { kind: 'user', id: 'uid-ada' } });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const { file } = (await s.send(
      JOBS.notifications.orderConfirmation,
      { orderId: o.id },
      confirmationEmailJobId(o.id),
    )) as { file: string };
    const raw = read(file);
    expect(partOf(raw, 'text/plain')).toContain('See your order: http://shop.test/account');
    expect(partOf(raw, 'text/html')).toContain('href="http://shop.test/account"');
  });

  it("keeps the link's key in a guest's e-mails after the change window, so the cancelled order opens without typing the e-mail", async () => {
    const now = new Date().toISOString();
    const o = order({
      status: 'refunded',
      accessKey: 'k'.repeat(32),
      hold: { until: now, releasedAt: null },
      cancellation: { kind: 'cancelled', at: now, settledAt: now },
      refunds: [{ id: 're_1', amount: 58.85, status: 'succeeded' }],
    });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const { file } = (await s.send(
      JOBS.notifications.orderAlert.shopper,
      { orderId: o.id, kind: 'cancelled-in-grace', note: null },
      orderAlertJobId('cancelled-in-grace', o.id, 'test', 'shopper'),
    )) as { file: string };
    const link = `http://shop.test/store/order-status?number=${o.number}&key=${'k'.repeat(32)}`;
    expect(partOf(read(file), 'text/plain')).toContain(`See your order: ${link}`);
  });

  it('writes the shipping notice with the tracking details', async () => {
    const o = order({
      status: 'shipped',
      fulfilment: {
        provider: 'printful',
        orderId: 1,
        status: 'shipped',
        tracking: {
          carrier: 'USPS',
          number: '9400 1000',
          url: 'https://track.example/9400?a=1&b=2',
          shippedAt: new Date().toISOString(),
        },
      },
    });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const { file } = (await s.send(JOBS.notifications.orderShipped, { orderId: o.id }, shippedEmailJobId(o.id))) as {
      file: string;
    };
    const raw = read(file);
    expect(raw).toContain(`Subject: Your Copperleaf Studio order ${o.number} has shipped`);
    expect(raw).not.toContain(o.id);
    expect(partOf(raw, 'text/plain')).toContain('Tracking number: 9400 1000');
    expect(partOf(raw, 'text/plain')).toContain('Total: $58.85');
    expect(partOf(raw, 'text/html')).toContain('href="https://track.example/9400?a=1&amp;b=2"');
  });

  it('writes every e-mail to a shopper in the one branded layout, with the number, the amounts and the link', async () => {
    const o = order({
      status: 'refunded',
      refunds: [{ id: 're_1', amount: 58.85, status: 'succeeded' }],
    });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const files: string[] = [];
    for (const [name, data] of [
      [JOBS.notifications.orderConfirmation, { orderId: o.id }],
      [JOBS.notifications.orderShipped, { orderId: o.id }],
      [JOBS.notifications.orderAlert.shopper, { orderId: o.id, kind: 'refunded', note: '58.85', refundId: 're_1' }],
      [JOBS.notifications.orderAlert.shopper, { orderId: o.id, kind: 'fulfilment-canceled', note: null }],
      [JOBS.notifications.orderAlert.shopper, { orderId: o.id, kind: 'package-returned', note: 'Unknown address' }],
    ] as const) {
      const jobId =
        'kind' in data ? orderAlertJobId(data.kind, o.id, 'test', 'shopper') : `${name}-${o.id}-${randomUUID()}`;
      files.push(((await s.send(name, data, jobId)) as { file: string }).file);
    }
    for (const file of files) {
      const raw = read(file);
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
      expect(subject, file).toContain(`Copperleaf Studio order ${o.number}`);
      expect(raw, file).not.toContain('Studio Shop');
      expect(raw, file).not.toContain(o.id);
      for (const part of [partOf(raw, 'text/plain'), partOf(raw, 'text/html')]) {
        expect(part, file).toContain('Copperleaf Studio');
        expect(part, file).toContain(o.number!);
        for (const amount of ['$49.98', '$4.75', '$4.12', '$58.85']) expect(part, file).toContain(amount);
        expect(part, file).toContain(`http://shop.test/store/order-status?number=${o.number}`);
        expect(part, file).toContain('hello@studio.test');
      }
    }
  });

  it("announces a quote request to the studio's inbox (STUDIO_EMAIL, not MAIL_FROM), replying to the visitor", async () => {
    const quote: QuoteDocument = {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Navy & Co',
      services: ['website', 'e-commerce'],
      budget: '5k-15k',
      message: 'We need a shop. <script>alert(1)</script> Thanks!',
      status: 'new',
      createdAt: new Date().toISOString(),
    };
    const quoteId = randomUUID();
    await s.store.set('quotes', quoteId, quote);
    const { file, to } = (await s.send(JOBS.notifications.quoteReceived, { quoteId }, `quote-${quoteId}`)) as {
      file: string;
      to: string;
    };
    expect(to).toBe('hello@studio.test');
    const raw = read(file);
    expect(raw).toMatch(/^To: hello@studio\.test$/m);
    expect(raw).toMatch(/^From: Copperleaf Studio <shop@studio\.test>$/m);
    expect(raw).toMatch(/^Reply-To: grace@example\.com$/m);
    expect(raw).toContain('Subject: New quote request from Grace Hopper (Navy & Co)');
    expect(partOf(raw, 'text/plain')).toContain('Services: Marketing website, Online store');
    const html = partOf(raw, 'text/html');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it("reads the quote's time in the studio's zone, its reference as the visitor saw it, and links to it in the admin", async () => {
    const quote: QuoteDocument = {
      name: 'Katherine Johnson',
      email: 'katherine@example.com',
      services: ['web-app'],
      budget: 'not-sure',
      message: 'Orbital mechanics, as a web app for schools.',
      status: 'new',
      // 22:07 UTC on Nov 26 is 2:07 PM in Portland (the default studio zone).
      createdAt: '2026-11-26T22:07:32.946Z',
    };
    const quoteId = randomUUID();
    await s.store.set('quotes', quoteId, quote);
    const { file } = (await s.send(JOBS.notifications.quoteReceived, { quoteId }, `quote-${quoteId}`)) as {
      file: string;
    };
    const raw = read(file);
    const text = partOf(raw, 'text/plain');
    expect(text).toContain('Received: Nov 26, 2026, 2:07 PM PST');
    expect(text).not.toContain('2026-11-26T22:07');
    expect(text).toContain(`Reference: ${quoteId.slice(0, 8).toUpperCase()}`);
    expect(text).toContain(`${s.config.PUBLIC_URL}/admin/quotes/${quoteId}`);
    const html = partOf(raw, 'text/html');
    // The shop's one e-mail frame: the brand's band on top and a button to the quote.
    expect(html).toContain(SITE.name);
    // The site's copper, not another brand's green.
    expect(html).toContain(`background:${EMAIL_COLOURS.brand}`);
    expect(html).not.toContain('#2f4a3a');
    expect(html).toContain(`href="${s.config.PUBLIC_URL}/admin/quotes/${quoteId}"`);
  });

  it("sends the studio's reply to the visitor, from the studio, quoting their request", async () => {
    const replyId = randomUUID();
    const quote: QuoteDocument = {
      name: 'Mary Jackson',
      email: 'mary@example.com',
      services: ['website'],
      budget: '5k-15k',
      message: 'A site for our wind tunnel & lab.',
      status: 'contacted',
      createdAt: '2026-11-25T18:00:00.000Z',
      replies: [
        {
          id: replyId,
          at: '2026-11-26T17:00:00.000Z',
          by: 'admin@studio.test',
          message: 'Thanks Mary!\nCan we call on Friday?',
        },
      ],
    };
    const quoteId = randomUUID();
    await s.store.set('quotes', quoteId, quote);
    const result = (await s.send(JOBS.notifications.quoteReply, { quoteId, replyId }, `quote-reply-${replyId}`)) as {
      file: string;
      to: string;
    };
    expect(result.to).toBe('mary@example.com');
    const raw = read(result.file);
    expect(raw).toMatch(/^To: mary@example\.com$/m);
    expect(raw).toMatch(/^Reply-To: hello@studio\.test$/m);
    // Written by a person (RFC 3834): not marked as machine-made, so the visitor's auto-responder and filters treat it as mail.
    expect(raw).toMatch(/^Auto-Submitted: no$/m);
    expect(raw).not.toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(raw).toContain(`Subject: Re: your project request ${quoteId.slice(0, 8).toUpperCase()}`);
    const text = partOf(raw, 'text/plain');
    expect(text).toContain('Thanks Mary!\nCan we call on Friday?');
    expect(text).toContain('A site for our wind tunnel & lab.');
    expect(partOf(raw, 'text/html')).toContain('wind tunnel &amp; lab');
  });

  it('sends nothing for an order without an e-mail address', async () => {
    const o = order({ customerEmail: null });
    await s.store.set(COLLECTIONS.orders, o.id, o);
    const result = await s.send(JOBS.notifications.orderConfirmation, { orderId: o.id }, confirmationEmailJobId(o.id));
    expect(result).toEqual({ sent: false, reason: 'the order has no e-mail address' });
    expect(existsSync(path.join(s.config.OUTBOX_DIR, `order-confirmation-${o.id}.eml`))).toBe(false);
  });
});

/** A minimal SMTP server that accepts every message and keeps it. */
async function startSmtpSink() {
  const messages: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        reply(verb === 'DATA' ? '354 go on' : verb === 'QUIT' ? '221 bye' : '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    messages,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('with SMTP_URL', () => {
  it('sends through the SMTP server instead of writing a file', async () => {
    const sink = await startSmtpSink();
    const s = await setup({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    try {
      const o = order();
      await s.store.set(COLLECTIONS.orders, o.id, o);
      const result = await s.send(
        JOBS.notifications.orderConfirmation,
        { orderId: o.id },
        confirmationEmailJobId(o.id),
      );
      expect(result).toMatchObject({ sent: true, to: 'ada@example.com', file: null });
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0].to).toEqual(['RCPT TO:<ada@example.com>']);
      expect(sink.messages[0].data).toContain(`Subject: Your Copperleaf Studio order ${o.number} is confirmed`);
      expect(existsSync(s.config.OUTBOX_DIR)).toBe(false);
    } finally {
      await s.close();
      await sink.close();
    }
  });
});
