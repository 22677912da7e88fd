import { afterEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { MUG, SHIRT, stubCartServer } from './stubs';

// docs/decisions.md#where-the-store-differs-from-the-original-product-on-purpose: invalid cart items are logged only in debug mode (the cart debug flag in local
// storage), and a price mismatch above 0.01 is a debug check only.

const guest = { ready: async () => undefined, owner: () => 'guest-owner' };

/** The server's catalogue after a price change: the shirt now costs 27, the mug has no price. */
const repriced: StorefrontProduct[] = [
  { ...SHIRT, variants: SHIRT.variants.map((v) => ({ ...v, price: 27 })) },
  { ...MUG, price: 0, variants: MUG.variants.map((v) => ({ ...v, price: 0 })) },
];

async function addBoth(): Promise<string[]> {
  const logged: string[] = [];
  vi.spyOn(console, 'debug').mockImplementation((message: unknown) => void logged.push(String(message)));
  stubCartServer(repriced);
  const cart = new CartStore({ api: httpCartApi, identity: guest });
  cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
  cart.addItem(MUG, { quantity: 1 });
  await cart.flush();
  expect(cart.getState().items.map((l) => l.price)).toEqual([27, 0]);
  return logged;
}

afterEach(() => {
  localStorage.removeItem(STORAGE_KEYS.cartDebug);
  vi.restoreAllMocks();
});

describe('cart debug checks', () => {
  test('with the cart debug flag on, an invalid item and a price that moved are logged', async () => {
    localStorage.setItem(STORAGE_KEYS.cartDebug, 'true');
    const logged = await addBoth();
    expect(logged).toEqual([
      '[cart debug] price mismatch for Studio Shirt: 25 shown, 27 from the server',
      expect.stringMatching(/^\[cart debug\] invalid cart item .+ \(Studio Mug\)$/),
      '[cart debug] price mismatch for Studio Mug: 12.5 shown, 0 from the server',
    ]);
  });

  test('without the flag nothing is logged', async () => {
    expect(await addBoth()).toEqual([]);
  });
});
