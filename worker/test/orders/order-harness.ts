import { randomUUID } from 'node:crypto';
import { Job } from 'bullmq';
import { buildCartDocument, buildCartItem, CART_COLLECTIONS, type CartItem } from '@shop/shared/domain/cart';
import { lineItemMetadata, ORDER_JOB_OPTIONS, orderJobId, pendingOrder, toMinorUnits } from '@shop/shared/domain/order';
import { orderSchema, type Order, type OrderItem, type OrderJobData } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { Config } from '@shop/shared/server/config';
import type { ShopEvent } from '@shop/shared/server/events';
import { QUEUES } from '@shop/shared/server/queues';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { createStripeClient, type Stripe } from '@shop/shared/providers/stripe';
import { jobModule as ordersModule } from '../../src/jobs/orders/index.js';
import { jobModule as notificationsModule } from '../../src/jobs/notifications/index.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../../../tests/sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../../../tests/sandbox/stripe/server.js';
import { payOnHostedPage } from '../../../tests/fixtures/hosted-payment.js';
import { outboxFiles } from '../../../tests/fixtures/outbox.js';
import { recordShopEvents } from '../../../tests/fixtures/test-queues.js';
import { openWorkerTestBed } from '../helpers/worker-test-bed.js';

// Real parts for the order-fulfilment tests: both provider sandboxes, a SQLite file, the test
// Redis under a prefix of its own and the real orders + notifications workers. The harness plays
// the API's part: it stores a guest cart and a pending order, creates the Stripe session the way
// the checkout does, and enqueues a job per Stripe event the way the webhook does.

export interface CheckedOut {
  orderId: string;
  sessionId: string;
  guestId: string;
  lines: CartItem[];
}

export interface OrderHarness {
  config: Config;
  store: FullDocumentStore;
  stripe: Stripe;
  stripeSandbox: StripeSandbox;
  printfulSandbox: PrintfulSandbox;
  /** A guest cart of `quantities.length` lines (one per sandbox product) checked out into a pending order. */
  checkout(
    quantities: number[],
    options?: {
      withOrder?: boolean;
      countries?: string[];
      /** More session parameters, as the checkout sends them (consent_collection, after_expiration...). */
      sessionParams?: Partial<Stripe.Checkout.SessionCreateParams>;
    },
  ): Promise<CheckedOut>;
  /** The shopper presses Pay on the hosted page (card, or the delayed bank debit), with `address` typed over the test one. */
  pay(
    sessionId: string,
    method?: 'card' | 'bank_debit',
    address?: Parameters<typeof payOnHostedPage>[3],
  ): Promise<void>;
  /** Enqueues a job for a Stripe event like the webhook does and waits for it to finish. */
  runEvent(
    sessionId: string,
    jobName: string,
    options?: { eventId?: string; claimedOrderId?: string },
  ): Promise<{ job: Job; result: unknown }>;
  /** `claimedOrderId`: the order id the event names, when it differs from the session's metadata. */
  enqueueEvent(sessionId: string, jobName: string, eventId?: string, claimedOrderId?: string): Promise<Job>;
  waitFor(job: Job): Promise<unknown>;
  /** The job as stored now (attempts, state). */
  reload(job: Job): Promise<Job>;
  /** Notification jobs about an order, in any state. */
  notificationJobs(orderId: string): Promise<Job[]>;
  order(orderId: string): Promise<Order>;
  cart(guestId: string): Promise<{ cartItems: CartItem[]; revision: number }>;
  setCart(guestId: string, lines: CartItem[], revision: number): Promise<void>;
  outboxFiles(): string[];
  takeEvents(): Promise<ShopEvent[]>;
  /** The orders and notifications workers stop (as in a restart); the queues and the store stay. */
  stopWorkers(): Promise<void>;
  /** Another set of orders and notifications workers on the same queues: a restart, or one more replica. */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

export async function createOrderHarness(
  options: { env?: Record<string, string>; printfulRateLimitPerMin?: number } = {},
): Promise<OrderHarness> {
  const printfulSandbox = await startPrintfulSandbox({ products: 4, rateLimitPerMin: options.printfulRateLimitPerMin });
  // The job is driven by the harness, so the sandbox's own webhook deliveries go nowhere.
  const stripeSandbox = await startStripeSandbox({
    webhookUrl: 'http://127.0.0.1:9/unused',
    webhookSecret: 'whsec_unused_here',
    payRetryDelaysMs: [],
  });
  const bed = await openWorkerTestBed({
    name: 'orders',
    queues: [QUEUES.orders, QUEUES.notifications],
    env: { PRINTFUL_API_URL: printfulSandbox.url, STRIPE_API_URL: stripeSandbox.url, ...options.env },
  });
  const { config, store, queueEvents } = bed;
  const [ordersQueue, notificationsQueue] = bed.queues;
  const stripe = createStripeClient(config, { maxNetworkRetries: 0 });
  const events = await recordShopEvents(config.REDIS_URL, config.QUEUE_PREFIX);
  let running = [await bed.startWorkers([ordersModule, notificationsModule])];

  const catalogue = printfulSandbox.catalogue.list();

  function linesFor(quantities: number[]): CartItem[] {
    return quantities.map((quantity, i) => {
      const product = catalogue[i];
      const variant = product.variants[0];
      const price = Number(variant.retailPrice);
      return buildCartItem(
        {
          id: String(product.id),
          title: product.name,
          price,
          description: product.description,
          category: 'clothing',
          images: [],
        },
        {
          id: String(variant.id),
          name: `${product.name} / ${variant.size}`,
          size: variant.size,
          color: variant.colour.name,
          price,
          catalog_variant_id: variant.catalogVariantId,
          sync_variant_id: variant.id,
        },
        { quantity },
      );
    });
  }

  async function setCart(guestId: string, lines: CartItem[], revision: number) {
    await store.set(CART_COLLECTIONS.guest, guestId, {
      ...buildCartDocument(lines, { sessionId: guestId }),
      revision,
      lastActivityAt: new Date().toISOString(),
    });
  }

  async function enqueueEvent(
    sessionId: string,
    jobName: string,
    eventId = `evt_test_${randomUUID().replace(/-/g, '')}`,
    claimedOrderId?: string,
  ) {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const data: OrderJobData = {
      eventId,
      eventType: jobName,
      sessionId,
      orderId: claimedOrderId ?? session.metadata?.orderId ?? null,
      eventCreated: Math.floor(Date.now() / 1000),
    };
    return ordersQueue.add(jobName, data, { ...ORDER_JOB_OPTIONS, jobId: orderJobId(eventId) });
  }

  const waitFor = (job: Job) => job.waitUntilFinished(queueEvents, 60_000);

  return {
    config,
    store,
    stripe,
    stripeSandbox,
    printfulSandbox,
    async checkout(quantities, { withOrder = true, countries = ['US', 'GB'], sessionParams = {} } = {}) {
      const guestId = `guest-${randomUUID()}`;
      const lines = linesFor(quantities);
      const revision = 3;
      await setCart(guestId, lines, revision);
      const orderId = `ord_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      const items: OrderItem[] = lines.map((l) => ({
        lineId: l.id,
        productId: l.productId,
        name: l.name,
        variantName: l.variantName,
        size: l.size,
        color: l.color,
        quantity: l.quantity,
        unitPrice: l.price,
        imageUrl: l.imageUrl,
        syncVariantId: l.sync_variant_id,
        catalogVariantId: l.catalog_variant_id,
      }));
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: items.map((item) => ({
          quantity: item.quantity,
          metadata: lineItemMetadata(item),
          price_data: { currency: 'usd', unit_amount: toMinorUnits(item.unitPrice), product_data: { name: item.name } },
        })),
        success_url: 'http://shop.test/store/order-success?session_id={CHECKOUT_SESSION_ID}',
        metadata: { orderId, cartCollection: CART_COLLECTIONS.guest, cartId: guestId, cartRevision: String(revision) },
        shipping_address_collection: {
          allowed_countries:
            countries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
        },
        ...sessionParams,
      });
      if (withOrder) {
        const order = pendingOrder({
          id: orderId,
          sessionId: session.id,
          items,
          totalPrice: (session.amount_total ?? 0) / 100,
          owner: { kind: 'guest', id: guestId },
          cart: { collection: CART_COLLECTIONS.guest, id: guestId, revision },
          customerEmail: null,
          at: new Date().toISOString(),
        });
        await store.set(COLLECTIONS.orders, orderId, order);
      }
      return { orderId, sessionId: session.id, guestId, lines };
    },
    async pay(sessionId, method = 'card', address = {}) {
      await payOnHostedPage(`${stripeSandbox.url}/pay/${sessionId}`, method, undefined, address);
    },
    async runEvent(sessionId, jobName, { eventId, claimedOrderId } = {}) {
      const job = await enqueueEvent(sessionId, jobName, eventId, claimedOrderId);
      const result = await waitFor(job);
      return { job, result };
    },
    enqueueEvent,
    waitFor,
    async reload(job) {
      return (await Job.fromId(ordersQueue, job.id!))!;
    },
    async notificationJobs(orderId) {
      const jobs = await notificationsQueue.getJobs([
        'completed',
        'active',
        'waiting',
        'delayed',
        'failed',
        'prioritized',
      ]);
      return jobs.filter((j) => j?.data?.orderId === orderId);
    },
    async order(orderId) {
      return orderSchema.parse(await store.get(COLLECTIONS.orders, orderId));
    },
    async cart(guestId) {
      return (await store.get(CART_COLLECTIONS.guest, guestId)) as { cartItems: CartItem[]; revision: number };
    },
    setCart,
    outboxFiles: () => outboxFiles(config.OUTBOX_DIR),
    takeEvents: () => events.take(),
    async stopWorkers() {
      await Promise.all(running.map((r) => r.close()));
      running = [];
    },
    async startWorkers() {
      running.push(await bed.startWorkers([ordersModule, notificationsModule]));
    },
    async close() {
      await bed.close();
      await events.close();
      await stripeSandbox.close();
      await printfulSandbox.close();
    },
  };
}
