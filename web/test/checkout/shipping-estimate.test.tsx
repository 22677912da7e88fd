import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { ShippingEstimate } from '../../src/features/checkout/components/shipping-estimate';
import { MUG, json, stubCartServer } from '../cart/stubs';

// "Show shipping options" on the cart and checkout: the keyboard user's focus is not dropped to the
// page when the form gives way to the options, the options are announced when they arrive, and the
// page is honest that the option is picked on the payment page.

let cart: CartStore;
afterEach(() => cart.flush());

const option = (id: string, name: string, amount: number, min: number, max: number) => ({
  id,
  name,
  amount,
  currency: 'USD',
  minDeliveryDays: min,
  maxDeliveryDays: max,
});

async function showOptions() {
  stubCartServer(undefined, ({ path }) =>
    path.startsWith('/api/cart/shipping-rates')
      ? json(200, {
          destination: { country: 'US', state: 'OR' },
          source: 'printful',
          options: [option('STANDARD', 'Flat Rate', 6.95, 3, 6), option('EXPRESS', 'Express', 19.5, 1, 2)],
        })
      : undefined,
  );
  cart = new CartStore({ api: httpCartApi, identity: { ready: async () => undefined, owner: () => 'guest-ship' } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CartStoreProvider store={cart}>
          <ShippingEstimate />
        </CartStoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(cart.getState().loading).toBe(false));
  cart.addItem(MUG, { quantity: 1 });
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Country'), 'US');
  await user.selectOptions(screen.getByLabelText('State or territory'), 'OR');
  // The live region is there before the options, so their arrival is announced.
  const region = screen.getByTestId('shipping-estimate-status');
  expect(region).toHaveAttribute('role', 'status');
  screen.getByRole('button', { name: 'Show shipping options' }).focus();
  await user.keyboard('{Enter}');
  return region;
}

describe('shipping options on the cart and checkout', () => {
  test('focus moves to where the parcel goes; the options, announced on arrival, are a list the checkout chooses from', async () => {
    const region = await showOptions();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toHaveTextContent(/To Oregon, United States/);
    expect(await within(region).findByTestId('shipping-options')).toBeInTheDocument();

    // The cart only lists the prices; the option is chosen at checkout, where the total follows it.
    const list = await within(region).findByRole('list', { name: 'Choose one at checkout:' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(region).toHaveTextContent('Total with the cheapest shipping');
    expect(region).not.toHaveTextContent('You choose the shipping option on the payment page');
  });
});
