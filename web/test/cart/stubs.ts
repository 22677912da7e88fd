import { vi } from 'vitest';
import {
  addCartItem,
  assertValidQuantity,
  buildCartDocument,
  buildCartItem,
  chooseVariant,
  mergeCartItems,
  removeCartItem,
  setCartItemQuantity,
  type CartItem,
} from '@shop/shared/domain/cart';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { MESSAGES } from '@shop/shared';
import type { CartDiscount } from '@shop/shared/schemas';

// Stubs for the SPA's unit tests: fetch answering the cart routes from an in-memory cart (built
// with the shared cart rules, as the API does), and catalogue fixtures. Browser tests in
// tests/e2e run the real API instead.

const at = '2025-01-01T00:00:00.000Z';

function variant(id: string, size: string, color: string, price: number, catalogId: number) {
  return {
    id,
    name: `${size} / ${color}`,
    size,
    color,
    price,
    currency: 'USD',
    catalog_variant_id: catalogId,
    sync_variant_id: Number(id.replace(/\D/g, '')) || 1,
    sku: id,
    external_id: id,
  };
}

export const SHIRT: StorefrontProduct = {
  id: 'shirt-1',
  title: 'Studio Shirt',
  price: 25,
  thumbnail_url: '/img/shirt.svg',
  images: ['/img/shirt.svg', '/img/shirt-back.svg'],
  variants: [
    variant('v-s-black', 'S', 'Black', 25, 4011),
    variant('v-s-white', 'S', 'White', 25, 4012),
    variant('v-m-black', 'M', 'Black', 26, 4013),
    // No catalogue variant id: cannot be ordered, so never offered.
    { ...variant('v-l-red', 'L', 'Red', 26, 0), catalog_variant_id: null },
  ],
  category: 'clothing',
  description: 'A shirt.',
  createdAt: at,
  updatedAt: at,
  source: 'printful',
};

export const MUG: StorefrontProduct = {
  id: 'mug-1',
  title: 'Studio Mug',
  price: 12.5,
  thumbnail_url: '/img/mug.svg',
  images: ['/img/mug.svg'],
  variants: [variant('v-mug', '', 'White', 12.5, 1320)],
  category: 'accessories',
  description: 'A mug.',
  createdAt: at,
  updatedAt: at,
  source: 'printful',
};

export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const errorResponse = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

/** Installs a fetch stub; `answer` returns a Response for each request, or undefined for a 404. */
export function stubFetch(answer: (request: StubRequest) => Response | undefined | Promise<Response | undefined>) {
  const requests: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: StubRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    return (await answer(request)) ?? errorResponse(404, 'not-found', `no stub for ${request.method} ${request.path}`);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { fetchStub, requests };
}

/**
 * A cart API stub: the cart routes over one in-memory cart. Prices come from `catalogue`, so a
 * test can tell the server's answer from the page's optimistic line. `fail` makes every cart
 * request answer with that error instead; `other` answers the other routes.
 */
export function stubCartServer(
  catalogue: StorefrontProduct[] = [SHIRT, MUG],
  other: (request: StubRequest) => Response | undefined = () => undefined,
) {
  let items: CartItem[] = [];
  // The cart's revision, as the API tags it (ETag) and checks it (If-Match, 409 when stale).
  let revision = 0;
  // `guest`: the guest cart a sign-in merge (POST /api/cart/merge) adds to this one. `discount`:
  // the code the cart carries, judged on the lines of every answer as the API does; DELETE
  // /api/cart/discount removes it.
  const state = {
    fail: null as null | { status: number; code: string },
    guest: [] as CartItem[],
    discount: null as null | ((items: CartItem[]) => CartDiscount),
    // The currency the API prices the answers in (the shop_currency cookie), with each line's price of one there.
    pricing: null as null | { currency: string; unitAmount: (item: CartItem) => number },
  };
  const cart = () => {
    const discount = state.discount && items.length > 0 ? { discount: state.discount(items) } : {};
    const document = buildCartDocument(items, { sessionId: 'guest-stub' });
    const { pricing } = state;
    const priced = pricing
      ? {
          ...document,
          currency: pricing.currency,
          cartItems: document.cartItems.map((item) => ({ ...item, unitAmount: pricing.unitAmount(item) })),
        }
      : document;
    const response = json(200, { ...priced, ...discount });
    response.headers.set('etag', `"${revision}"`);
    return response;
  };
  const stub = stubFetch((request) => {
    const { method, path, body } = request;
    if (!path.startsWith('/api/cart') || path.startsWith('/api/cart/shipping-rates')) return other(request);
    if (state.fail) return errorResponse(state.fail.status, state.fail.code, 'stubbed failure');
    if (method !== 'GET') {
      const expected = request.headers.get('if-match');
      if (expected && expected !== `"${revision}"`) return errorResponse(409, 'aborted', MESSAGES.staleRevision);
      revision += 1;
    }
    const line = body as { productId: string; size?: string; color?: string; quantity: number };
    if (method === 'GET' && path === '/api/cart') return cart();
    if (method === 'DELETE' && path === '/api/cart/discount') {
      state.discount = null;
      return cart();
    }
    if (method === 'POST' && path === '/api/cart/merge') {
      const merged = mergeCartItems(items, state.guest);
      items = merged.items;
      state.guest = [];
      const response = json(200, { ...buildCartDocument(items, { userId: 'user-stub' }), dropped: merged.dropped });
      response.headers.set('etag', `"${revision}"`);
      return response;
    }
    if (method === 'DELETE' && path === '/api/cart') {
      items = [];
      return cart();
    }
    if (method === 'POST' && path === '/api/cart/items') {
      const product = catalogue.find((p) => p.id === line.productId);
      if (!product) return errorResponse(404, 'not-found', 'Product not found in any collection');
      assertValidQuantity(line.quantity);
      items = addCartItem(items, buildCartItem(product, chooseVariant(product, line), { quantity: line.quantity }));
      return cart();
    }
    const itemId = decodeURIComponent(path.split('/').pop() ?? '');
    if (method === 'PATCH') items = setCartItemQuantity(items, itemId, line.quantity);
    if (method === 'DELETE') items = removeCartItem(items, itemId);
    return cart();
  });
  return {
    ...stub,
    state,
    items: () => items,
    /** Requests that change the cart (everything but reads). */
    writes: () => stub.requests.filter((r) => r.path.startsWith('/api/cart') && r.method !== 'GET'),
  };
}
