import { cartResponseSchema, type CartLineRequest, type CartResponse } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

// The cart routes (DESIGN.md section 5). The caller's identity (guest id, or ID token once signed
// in) travels in the API client's headers; every route answers with the whole cart document.

export interface CartApi {
  get(): Promise<CartResponse>;
  add(line: CartLineRequest): Promise<CartResponse>;
  setQuantity(itemId: string, quantity: number): Promise<CartResponse>;
  remove(itemId: string): Promise<CartResponse>;
  clear(): Promise<CartResponse>;
  /** After sign-in: absorbs the guest cart (X-Guest-Id) into the user's (bearer token). */
  merge(): Promise<CartResponse>;
}

const schema = cartResponseSchema;
const item = (itemId: string) => `/cart/items/${encodeURIComponent(itemId)}`;

export const httpCartApi: CartApi = {
  get: () => api.get('/cart', { schema }),
  add: (line) => api.post('/cart/items', { body: line, schema }),
  setQuantity: (itemId, quantity) => api.patch(item(itemId), { body: { quantity }, schema }),
  remove: (itemId) => api.delete(item(itemId), { schema }),
  clear: () => api.delete('/cart', { schema }),
  merge: () => api.post('/cart/merge', { schema }),
};
