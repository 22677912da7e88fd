import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'undici';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { newGuestId } from '@shop/shared/domain/identity';
import { cartResponseSchema, checkoutSessionResponseSchema, teamOrderLinkViewSchema } from '@shop/shared/schemas';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';

// Virtual shoppers, as k6 runs virtual users: each one loops over visits until the deadline, and
// each visit is a new guest who browses the catalogue, searches, views a product, opens a team
// order's shared link, adds the product to the cart, reads the cart and starts a checkout; every PAY_EVERY-th visit also pays on the Stripe
// sandbox's hosted page, which delivers the signed webhook to the API before it answers. Between
// steps a shopper pauses for a think time drawn around the configured mean (k6's `sleep`); with
// a mean of 0 the shoppers fire back to back and the run measures capacity instead. A step's
// latency runs from just before its request is sent to the end of the response body. A 2xx is
// not enough: the cart must hold exactly the line the shopper added, and a checkout must answer
// with a hosted page, or the step counts as an error.

export const STEPS = [
  'browse',
  'search',
  'view product',
  'team-order link',
  'add to cart',
  'read cart',
  'checkout',
  'pay (sandbox + webhook)',
] as const;
export type Step = (typeof STEPS)[number];

/** The catalogue and cart steps, which the latency target applies to. */
export const TARGET_STEPS: readonly Step[] = [
  'browse',
  'search',
  'view product',
  'team-order link',
  'add to cart',
  'read cart',
];

const SEARCH_TERMS = ['tee', 'mug', 'hoodie', 'poster', 'studio', 'black', ''];
export const PAY_EVERY = 5;
/** Failed answers kept verbatim for the report, so an error count comes with its cause. */
const FAILURE_SAMPLES = 5;

/** Per-step samples: latencies in milliseconds, and answers that were not 2xx. */
export class StepRecorder {
  readonly latencies = new Map<Step, number[]>();
  readonly failures = new Map<Step, number>();
  readonly failureSamples: string[] = [];
  /** Requests that got no answer at all (refused, reset, timed out). */
  connectionErrors = 0;

  record(step: Step, ms: number, ok: boolean): void {
    const samples = this.latencies.get(step) ?? [];
    samples.push(ms);
    this.latencies.set(step, samples);
    if (!ok) this.failures.set(step, (this.failures.get(step) ?? 0) + 1);
  }

  noteFailure(step: Step, what: string): void {
    if (this.failureSamples.length < FAILURE_SAMPLES) this.failureSamples.push(`${step}: ${what.slice(0, 300)}`);
  }
}

export interface ShoppersOptions {
  /** Keep-alive connections to the API, one per shopper, as each browser would hold. */
  pool: Pool;
  products: StorefrontProduct[];
  recorder: StepRecorder;
  shoppers: number;
  durationMs: number;
  /** Mean pause between two steps of one shopper; each pause is drawn from 0.5 to 1.5 times it. */
  thinkMs: number;
  /** The link token of an open team order each visit reads, as a colleague opening a shared link. */
  teamOrderToken: string;
  /** Presses Pay on a hosted checkout page; resolves once the signed event reached the API. */
  pay(sessionUrl: string): Promise<void>;
}

interface Visit {
  guestId: string;
  teamOrderToken: string;
  product: StorefrontProduct;
  quantity: number;
  checkoutUrl?: string;
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

const REQUESTS: Array<[Exclude<Step, 'pay (sandbox + webhook)'>, (visit: Visit) => Request]> = [
  ['browse', () => ({ method: 'GET', path: '/api/products?limit=20' })],
  ['search', () => ({ method: 'GET', path: `/api/products/search?q=${encodeURIComponent(pick(SEARCH_TERMS))}` })],
  ['view product', (visit) => ({ method: 'GET', path: `/api/products/${encodeURIComponent(visit.product.id)}` })],
  ['team-order link', (visit) => ({ method: 'GET', path: `/api/team-orders/link/${visit.teamOrderToken}` })],
  [
    'add to cart',
    (visit) => {
      const variant = pick(visit.product.variants);
      const line = {
        productId: visit.product.id,
        quantity: visit.quantity,
        size: variant?.size,
        color: variant?.color,
      };
      return { method: 'POST', path: '/api/cart/items', body: JSON.stringify(line) };
    },
  ],
  ['read cart', () => ({ method: 'GET', path: '/api/cart' })],
  [
    'checkout',
    () => ({ method: 'POST', path: '/api/checkout/sessions', body: JSON.stringify({ shipping: TEST_SHIPPING }) }),
  ],
];

/** Reads what the shopper needs from a 2xx answer; says what is wrong with it, or null when nothing is. */
function readAnswer(step: Step, body: string, visit: Visit): string | null {
  if (step === 'add to cart' || step === 'read cart') {
    const lines = cartResponseSchema.parse(JSON.parse(body)).cartItems;
    const held = lines.length === 1 && lines[0].productId === visit.product.id && lines[0].quantity === visit.quantity;
    return held
      ? null
      : `the cart does not hold just the line added (${visit.quantity} x ${visit.product.id}): ${body}`;
  }
  if (step === 'team-order link') {
    const view = teamOrderLinkViewSchema.parse(JSON.parse(body));
    return view.state === 'open' && view.products.length > 0 ? null : `the team order is not open: ${body}`;
  }
  if (step === 'checkout') {
    visit.checkoutUrl = checkoutSessionResponseSchema.parse(JSON.parse(body)).url;
  }
  return null;
}

/** Runs the shoppers until the deadline; a step under way then still completes and is counted. */
export async function runShoppers(
  options: ShoppersOptions,
): Promise<{ visits: number; checkouts: number; payments: number }> {
  const { pool, products, recorder, thinkMs } = options;
  const deadline = performance.now() + options.durationMs;
  // A phase measures every step, the payment included: on a slow machine a short phase may end
  // before any visit reached it, so it goes on until one shopper has paid (a minute at most).
  const payDeadline = deadline + 60_000;
  const owesPayment = () => payments === 0 && performance.now() < payDeadline;
  const over = () => performance.now() >= deadline && !owesPayment();
  let visits = 0;
  let checkouts = 0;
  let payments = 0;
  const think = () => (thinkMs > 0 ? sleep(thinkMs * (0.5 + Math.random())) : Promise.resolve());

  async function timed(
    step: Step,
    send: () => Promise<{ ok: boolean; text: string }>,
    check: (text: string) => string | null = () => null,
  ): Promise<boolean> {
    const started = performance.now();
    try {
      const answer = await send();
      const elapsed = performance.now() - started;
      let wrong: string | null;
      try {
        wrong = answer.ok ? check(answer.text) : answer.text;
      } catch (e) {
        wrong = `unreadable answer (${(e as Error).message}): ${answer.text}`;
      }
      recorder.record(step, elapsed, wrong === null);
      if (wrong !== null) recorder.noteFailure(step, wrong);
      return wrong === null;
    } catch (e) {
      recorder.record(step, performance.now() - started, false);
      recorder.connectionErrors++;
      recorder.noteFailure(step, (e as Error).message);
      return false;
    }
  }

  async function visit(): Promise<void> {
    const current: Visit = {
      guestId: newGuestId(),
      teamOrderToken: options.teamOrderToken,
      product: pick(products),
      quantity: 1 + Math.floor(Math.random() * 3),
    };
    const paying = ++visits % PAY_EVERY === 0 || (performance.now() >= deadline && owesPayment());
    for (const [step, build] of REQUESTS) {
      if (over()) return;
      const request = build(current);
      const done = await timed(
        step,
        async () => {
          const response = await pool.request({
            method: request.method,
            path: request.path,
            headers: {
              'x-guest-id': current.guestId,
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: request.body,
          });
          const body = await response.body.text();
          const ok = response.statusCode >= 200 && response.statusCode < 300;
          return { ok, text: ok ? body : `${response.statusCode} ${body}` };
        },
        (text) => readAnswer(step, text, current),
      );
      // A shopper whose step failed leaves; the next visit starts afresh.
      if (!done) return;
      if (step === 'checkout') checkouts++;
      await think();
    }
    if (!paying || !current.checkoutUrl || over()) return;
    const url = current.checkoutUrl;
    payments++;
    await timed('pay (sandbox + webhook)', async () => {
      await options.pay(url);
      return { ok: true, text: '' };
    });
    await think();
  }

  async function shopper(): Promise<void> {
    // Arrivals spread over one think time, as real shoppers do not all land in the same instant.
    if (thinkMs > 0) await sleep(Math.random() * thinkMs);
    while (!over()) await visit();
  }

  await Promise.all(Array.from({ length: options.shoppers }, shopper));
  return { visits, checkouts, payments };
}
