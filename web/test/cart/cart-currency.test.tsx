import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { CartPage } from '../../src/features/cart/components/cart-page';
import { CheckoutPage } from '../../src/features/checkout/components/checkout-page';
import { MUG, SHIRT, stubCartServer } from './stubs';

// docs/rules.md#local-prices: the cart and checkout pages show the currency the API priced the
// cart in, line by line and in the totals, never dollars beside euros.

const created: CartStore[] = [];
afterEach(async () => {
  await Promise.all(created.splice(0).map((store) => store.flush()));
});

function renderWithCart(children: ReactNode) {
  const store = new CartStore({ api: httpCartApi, identity: { ready: async () => undefined, owner: () => 'guest' } });
  created.push(store);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CartStoreProvider store={store}>{children}</CartStoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return store;
}

/** The API's euro prices for these fixtures: the shirt 28 euros, the mug 15 euros. */
const EUROS = {
  currency: 'EUR',
  unitAmount: (item: { productId: string }) => (item.productId === MUG.id ? 1500 : 2800),
};

describe('a cart priced in euros', () => {
  test('the cart page shows each line and the total in euros, quantities included', async () => {
    const server = stubCartServer();
    server.state.pricing = EUROS;
    const store = renderWithCart(<CartPage />);
    await waitFor(() => expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument());
    act(() => store.addItem(SHIRT, { quantity: 1, size: 'S', color: 'Black' }));
    act(() => store.addItem(MUG, { quantity: 2 }));
    await act(() => store.flush());
    const lines = screen.getAllByTestId('cart-line');
    expect(lines[0]).toHaveTextContent('€28.00 each');
    expect(lines[1]).toHaveTextContent('€15.00 each');
    expect(lines[1]).toHaveTextContent('€30.00');
    expect(screen.getByTestId('cart-total-price')).toHaveTextContent('€58.00');
    expect(document.body.textContent).not.toMatch(/\$/);
  });

  test('the checkout page adds up the same euros', async () => {
    const server = stubCartServer();
    server.state.pricing = EUROS;
    const store = renderWithCart(<CheckoutPage />);
    act(() => store.addItem(MUG, { quantity: 3 }));
    await act(() => store.flush());
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('€45.00'));
  });
});
