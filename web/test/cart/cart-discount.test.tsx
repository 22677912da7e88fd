import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { CartItem } from '@shop/shared/domain/cart';
import type { CartDiscount } from '@shop/shared/schemas';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { CartPage } from '../../src/features/cart/components/cart-page';
import { CartDiscountCode } from '../../src/features/cart/components/discount-code';
import { CheckoutPage } from '../../src/features/checkout/components/checkout-page';
import { saveShippingDestination } from '../../src/features/checkout/shipping-destination';
import { MUG, json, stubCartServer } from './stubs';

// docs/rules.md#what-a-merch-shopper-expects: a code applied earlier that no longer applies to the cart as it is now (below its
// minimum, a cost rise, expired) is shown with the reason beside the code field, out of the
// totals, and can still be removed; checkout opens once it is.

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

const refusal = { code: 'aborted' as const, message: MESSAGES.discountNotApplicable };

/** MUGS-25: $2.50 off from a $25 subtotal, as the API judges it on every answer. */
function mugs25(items: CartItem[]): CartDiscount {
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return subtotal >= 25 ? { code: 'MUGS-25', amountOff: 2.5 } : { code: 'MUGS-25', amountOff: 0, refusal };
}

describe('a discount code that no longer applies', () => {
  test('the cart says why beside the code, totals without it, keeps Remove, and applies it again once the cart qualifies', async () => {
    const server = stubCartServer();
    server.state.discount = mugs25;
    const user = userEvent.setup();
    const store = renderWithCart(<CartPage />);
    await waitFor(() => expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument());
    act(() => store.addItem(MUG, { quantity: 2 }));
    await act(() => store.flush());
    expect(screen.getByTestId('cart-discount-amount')).toHaveTextContent('−$2.50');
    expect(screen.getByTestId('cart-discounted-total')).toHaveTextContent('$22.50');

    // The shopper takes one mug out: below the code's minimum.
    await user.selectOptions(screen.getByLabelText(/^Quantity of Studio Mug/), '1');
    await act(() => store.flush());
    const code = screen.getByTestId('cart-discount');
    expect(code).toHaveTextContent('Code MUGS-25 no longer applies');
    expect(screen.getByTestId('cart-discount-refusal')).toHaveTextContent(MESSAGES.discountNotApplicable);
    expect(screen.queryByTestId('cart-discount-amount')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-discounted-total')).not.toBeInTheDocument();
    expect(screen.getByText('Total', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total-price')).toHaveTextContent('$12.50');
    expect(screen.getByRole('button', { name: /^Remove ?code MUGS-25$/ })).toBeInTheDocument();

    // Back at the minimum, the code the cart kept takes its amount off again.
    await user.selectOptions(screen.getByLabelText(/^Quantity of Studio Mug/), '2');
    await act(() => store.flush());
    expect(screen.queryByTestId('cart-discount-refusal')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-discount-amount')).toHaveTextContent('−$2.50');

    await user.selectOptions(screen.getByLabelText(/^Quantity of Studio Mug/), '1');
    await act(() => store.flush());
    await user.click(screen.getByRole('button', { name: /^Remove ?code MUGS-25$/ }));
    await waitFor(() => expect(screen.getByLabelText('Discount code')).toBeInTheDocument());
    expect(server.writes().at(-1)).toMatchObject({ method: 'DELETE', path: '/api/cart/discount' });
  });

  test('checkout shows the notice and totals without the code, and opens the payment page once it is removed', async () => {
    const sessions: unknown[] = [];
    const server = stubCartServer(undefined, ({ path, body }) => {
      if (path === '/api/config/public')
        return json(200, {
          firebase: { projectId: 'demo-test', apiKey: 'key', authEmulatorHost: '127.0.0.1:9099' },
          stripe: { publishableKey: null, sandbox: true },
          printful: { sandbox: true },
          cookieProbeOrigins: [],
          studioTimeZone: 'America/Los_Angeles',
        });
      if (path.startsWith('/api/cart/shipping-rates'))
        return json(200, {
          destination: { country: 'US', state: 'CA' },
          source: 'printful',
          options: [
            { id: 'STANDARD', name: 'Flat', amount: 4.75, currency: 'USD', minDeliveryDays: 3, maxDeliveryDays: 6 },
          ],
        });
      if (path !== '/api/checkout/sessions') return undefined;
      sessions.push(body);
      return json(200, { id: 'cs_test_abcdefghijkl', url: 'http://127.0.0.1:9/pay/cs_test_abcdefghijkl' });
    });
    server.state.discount = mugs25;
    saveShippingDestination({ country: 'US', state: 'CA' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const redirect = vi.fn();
    const user = userEvent.setup();
    const store = renderWithCart(<CheckoutPage redirect={redirect} discountCode={<CartDiscountCode />} />);
    await waitFor(() => expect(store.getState().loading).toBe(false));
    act(() => store.addItem(MUG, { quantity: 1 }));
    await act(() => store.flush());

    expect(await screen.findByTestId('cart-discount-refusal')).toHaveTextContent(MESSAGES.discountNotApplicable);
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
    expect(await screen.findByTestId('total-with-shipping')).toHaveTextContent('$17.25');
    expect(screen.getByTestId('discount-blocks-payment')).toHaveTextContent('The code MUGS-25 no longer applies');
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Remove ?code MUGS-25$/ }));
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://127.0.0.1:9/pay/cs_test_abcdefghijkl'));
    expect(sessions).toHaveLength(1);
    expect(screen.getByLabelText('Discount code')).toBeInTheDocument();
  });
});
