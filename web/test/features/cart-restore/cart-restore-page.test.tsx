import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import { buildCartDocument, buildCartItem, chooseVariant, type CartItem } from '@shop/shared/domain/cart';
import { httpCartApi } from '../../../src/lib/cart/cart-api';
import { CartStore } from '../../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../../src/lib/cart/use-cart';
import { CartRestorePage } from '../../../src/features/cart-restore/cart-restore-page';
import { json, MUG, SHIRT, stubFetch } from '../../cart/stubs';

// /store/cart/restore/:token (docs/recovery.md): the reminder's link shows what it brought back,
// line by line as the cart does, with the way on to checkout and to the cart.

let cart: CartStore | null = null;
afterEach(() => {
  cart?.flush();
  cart = null;
});

describe('the restored cart page', () => {
  test('lists each line brought back with its variant, quantity and price, the subtotal, and the ways on', async () => {
    let items: CartItem[] = [];
    stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/cart/restore') {
        items = [
          buildCartItem(SHIRT, chooseVariant(SHIRT, { size: 'M', color: 'Black' }), { quantity: 2 }),
          buildCartItem(MUG, chooseVariant(MUG), { quantity: 1 }),
        ];
        return json(200, { restored: 2, leftOut: [], notice: null });
      }
      if (method === 'GET' && path === '/api/cart') {
        const response = json(200, buildCartDocument(items, { sessionId: 'guest-restore' }));
        response.headers.set('etag', '"1"');
        return response;
      }
      return undefined;
    });
    cart = new CartStore({
      api: httpCartApi,
      identity: { ready: async () => undefined, owner: () => 'guest-restore' },
    });
    render(
      <MemoryRouter>
        <CartStoreProvider store={cart}>
          <CartRestorePage token="tok" />
        </CartStoreProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart is back' })).toBeInTheDocument();
    const lines = await screen.findAllByTestId('cart-restore-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Studio Shirt');
    expect(lines[0]).toHaveTextContent('Black / M · 2 × $26.00');
    expect(lines[0]).toHaveTextContent('$52.00');
    expect(within(lines[1]!).getByRole('link')).toHaveTextContent(MUG.title);
    const mugTotal = MUG.variants[0]!.price;
    expect(screen.getByTestId('cart-restore-total')).toHaveTextContent(`Subtotal $${(52 + mugTotal).toFixed(2)}`);
    expect(screen.getByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', '/store/checkout');
    expect(screen.getByRole('link', { name: 'See your cart' })).toHaveAttribute('href', '/store/cart');
  });
});
