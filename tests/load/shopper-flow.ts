import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { newGuestId } from '@shop/shared/domain/identity';

// One virtual shopper's visit, as autocannon requests: browse the catalogue, search, view a
// product, add it to the cart, read the cart, start a checkout. Every connection repeats the
// visit, each time as a new guest. Latency is measured per step from the moment the request is
// built (just before it is written) to its complete response.

export const STEPS = ['browse', 'search', 'view product', 'add to cart', 'read cart', 'checkout'] as const;
export type Step = (typeof STEPS)[number] | 'pay (sandbox + webhook)';

const SEARCH_TERMS = ['tee', 'mug', 'hoodie', 'poster', 'studio', 'black', ''];

/** Per-step samples: latencies in milliseconds, and answers that were not 2xx. */
export class StepRecorder {
  readonly latencies = new Map<Step, number[]>();
  readonly failures = new Map<Step, number>();

  record(step: Step, ms: number, ok: boolean): void {
    const samples = this.latencies.get(step) ?? [];
    samples.push(ms);
    this.latencies.set(step, samples);
    if (!ok) this.failures.set(step, (this.failures.get(step) ?? 0) + 1);
  }
}

interface Visit {
  guestId?: string;
  product?: StorefrontProduct;
  sentAt?: number;
}

export interface ShopperFlowOptions {
  products: StorefrontProduct[];
  recorder: StepRecorder;
  /** Called with each checkout session's hosted page URL. */
  onCheckout(sessionUrl: string): void;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

export function shopperFlow({ products, recorder, onCheckout }: ShopperFlowOptions): autocannon.Request[] {
  const step = (
    name: (typeof STEPS)[number],
    build: (visit: Visit) => Partial<autocannon.Request>,
    onBody?: (body: string) => void,
  ): autocannon.Request => ({
    setupRequest: (request, context) => {
      const visit = context as Visit;
      // autocannon starts each repetition of the visit with a fresh context: a new shopper.
      visit.guestId ??= newGuestId();
      visit.product ??= pick(products);
      visit.sentAt = performance.now();
      const built = build(visit);
      const json = built.body === undefined ? {} : { 'content-type': 'application/json' };
      return { ...request, ...built, headers: { 'x-guest-id': visit.guestId, ...json } };
    },
    onResponse: (status, body, context) => {
      const visit = context as Visit;
      const ok = status >= 200 && status < 300;
      if (visit.sentAt !== undefined) recorder.record(name, performance.now() - visit.sentAt, ok);
      if (ok) onBody?.(body);
    },
  });

  return [
    step('browse', () => ({ method: 'GET', path: '/api/products?limit=20' })),
    step('search', () => ({ method: 'GET', path: `/api/products/search?q=${encodeURIComponent(pick(SEARCH_TERMS))}` })),
    step('view product', (visit) => ({
      method: 'GET',
      path: `/api/products/${encodeURIComponent(visit.product?.id ?? '')}`,
    })),
    step('add to cart', (visit) => {
      const variant = pick(visit.product?.variants ?? []);
      const line = {
        productId: visit.product?.id,
        quantity: 1 + Math.floor(Math.random() * 3),
        size: variant?.size,
        color: variant?.color,
      };
      return { method: 'POST', path: '/api/cart/items', body: JSON.stringify(line) };
    }),
    step('read cart', () => ({ method: 'GET', path: '/api/cart' })),
    step(
      'checkout',
      () => ({ method: 'POST', path: '/api/checkout/sessions', body: '{}' }),
      (body) => onCheckout((JSON.parse(body) as { url: string }).url),
    ),
  ];
}
