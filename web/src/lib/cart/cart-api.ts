import {
  cartResponseSchema,
  mergeCartResponseSchema,
  type CartLineRequest,
  type CartResponse,
  type MergeCartResponse,
} from '@shop/shared/schemas';
import { request } from '../api-client';
import { pageCurrency } from '../catalog/page-currency';

// The cart routes (docs/contracts.md#http-api). The caller's identity (guest id, or ID token once signed
// in) travels in the API client's headers; every route answers with the whole cart document and
// its revision as ETag. A change sends the revision it was planned against as If-Match, so a
// change from another tab in between is refused (409) instead of silently overwritten.

export interface CartAnswer {
  cart: CartResponse;
  /** The cart's revision as the server tagged it; null when the answer carried none. */
  etag: string | null;
}

export interface CartApi {
  get(): Promise<CartAnswer>;
  add(line: CartLineRequest, ifMatch?: string | null): Promise<CartAnswer>;
  setQuantity(itemId: string, quantity: number, ifMatch?: string | null): Promise<CartAnswer>;
  remove(itemId: string, ifMatch?: string | null): Promise<CartAnswer>;
  clear(ifMatch?: string | null): Promise<CartAnswer>;
  /** After sign-in: absorbs the guest cart (X-Guest-Id) into the user's (bearer token); `dropped` did not fit. */
  merge(): Promise<CartAnswer & { dropped: MergeCartResponse['dropped'] }>;
  /** Applies a discount code (docs/rules.md#what-a-merch-shopper-expects); a refusal rejects with the spec's message. */
  applyDiscount?(code: string): Promise<CartAnswer>;
  removeDiscount?(): Promise<CartAnswer>;
}

const schema = cartResponseSchema;
const item = (itemId: string) => `/cart/items/${encodeURIComponent(itemId)}`;

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  ifMatch?: string | null,
): Promise<CartAnswer> {
  const answer = await request(method, path, {
    body,
    schema,
    // Priced in the page's currency, as the catalogue reads are (docs/rules.md#local-prices).
    query: { currency: pageCurrency().currency },
    headers: ifMatch ? { 'If-Match': ifMatch } : undefined,
  });
  return { cart: answer.data, etag: answer.headers.get('etag') };
}

export const httpCartApi: CartApi = {
  get: () => send('GET', '/cart'),
  add: (line, ifMatch) => send('POST', '/cart/items', line, ifMatch),
  setQuantity: (itemId, quantity, ifMatch) => send('PATCH', item(itemId), { quantity }, ifMatch),
  remove: (itemId, ifMatch) => send('DELETE', item(itemId), undefined, ifMatch),
  clear: (ifMatch) => send('DELETE', '/cart', undefined, ifMatch),
  merge: async () => {
    const answer = await request('POST', '/cart/merge', {
      schema: mergeCartResponseSchema,
      query: { currency: pageCurrency().currency },
    });
    const { dropped, ...cart } = answer.data;
    return { cart, etag: answer.headers.get('etag'), dropped };
  },
  applyDiscount: (code) => send('PUT', '/cart/discount', { code }),
  removeDiscount: () => send('DELETE', '/cart/discount'),
};
