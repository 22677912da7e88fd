import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { OrderStatusResponse } from '@shop/shared/schemas';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { CheckoutPage, SANDBOX_NOTICE } from '../../src/features/checkout/components/checkout-page';
import { OrderConfirmation } from '../../src/features/orders/components/order-confirmation';
import { MUG, json, stubCartServer } from '../cart/stubs';

const publicConfig = {
  firebase: { projectId: 'demo-test', apiKey: 'key', authEmulatorHost: '127.0.0.1:9099' },
  stripe: { publishableKey: null, sandbox: true },
  printful: { sandbox: true },
  cookieProbeOrigins: [],
  studioTimeZone: 'America/Los_Angeles',
};

let cart: CartStore;
afterEach(() => cart.flush());

function renderWith(children: ReactNode) {
  cart = new CartStore({ api: httpCartApi, identity: { ready: async () => undefined, owner: () => 'guest-checkout' } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartStoreProvider store={cart}>{children}</CartStoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return cart;
}

describe('checkout', () => {
  test('saves the cart, creates the session and sends the shopper to its page; the sandbox says so', async () => {
    const sessions: Array<{ body: unknown; cartLines: number }> = [];
    const server = stubCartServer(undefined, ({ path, body }) => {
      if (path === '/api/config/public') return json(200, publicConfig);
      if (path.startsWith('/api/cart/shipping-rates'))
        return json(200, {
          destination: { country: 'US', state: 'CA' },
          source: 'printful',
          options: [
            {
              id: 'STANDARD',
              name: 'Flat Rate',
              amount: 4.75,
              currency: 'USD',
              minDeliveryDays: 3,
              maxDeliveryDays: 6,
            },
          ],
        });
      if (path !== '/api/checkout/sessions') return undefined;
      // The session is built from the server's cart, so the cart must be there already.
      sessions.push({ body, cartLines: server.items().length });
      return json(200, { id: 'cs_test_abcdefghijkl', url: 'http://127.0.0.1:9/pay/cs_test_abcdefghijkl' });
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const redirect = vi.fn();
    const user = userEvent.setup();
    const store = renderWith(<CheckoutPage redirect={redirect} />);
    expect(warn).toHaveBeenCalledWith(MESSAGES.insecurePayment);
    await waitFor(() => expect(store.getState().loading).toBe(false));
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();

    act(() => store.addItem(MUG, { quantity: 2 }));
    expect(await screen.findByTestId('sandbox-notice')).toHaveTextContent(SANDBOX_NOTICE);
    // No publishable key (the sandbox): the payment provider's script is not loaded.
    expect(document.querySelector('script[src*="js.stripe.com"]')).toBeNull();
    // No destination yet: the shopper is asked where to ship before paying.
    expect(screen.getByTestId('destination-needed')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    await user.click(screen.getByRole('button', { name: 'Show shipping options' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('required for shipping to US');
    await user.selectOptions(screen.getByLabelText('State or territory'), 'California');
    await user.click(screen.getByRole('button', { name: 'Show shipping options' }));
    expect(await screen.findByTestId('total-with-shipping')).toHaveTextContent('$29.75');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://127.0.0.1:9/pay/cs_test_abcdefghijkl'));
    expect(sessions).toEqual([
      {
        cartLines: 1,
        body: {
          shipping: { country: 'US', state: 'CA' },
          successUrl: 'http://localhost:3000/store/confirmation?session_id={CHECKOUT_SESSION_ID}',
          cancelUrl: 'http://localhost:3000/store/cart',
        },
      },
    ]);
  });
});

describe('order confirmation', () => {
  test('polls while the order is pending and shows it once paid', async () => {
    const order = (status: OrderStatusResponse['status']): OrderStatusResponse => ({
      id: 'order-1',
      status,
      items: [
        {
          lineId: 'l1',
          productId: MUG.id,
          name: MUG.title,
          variantName: null,
          size: 'One Size',
          color: 'White',
          quantity: 2,
          unitPrice: 12.5,
          imageUrl: null,
        },
      ],
      number: 'CS-10042',
      totalPrice: 25,
      currency: 'USD',
      amounts: status === 'paid' ? { subtotal: 25, shipping: 4.75, tax: 2.45, total: 32.2, currency: 'USD' } : null,
      shippingMethod: status === 'paid' ? { id: 'STANDARD', name: 'Flat Rate' } : null,
      paidAt: status === 'paid' ? '2026-11-20T15:00:00.000Z' : null,
      fulfilment: {
        provider: 'printful',
        orderId: status === 'paid' ? 77 : null,
        status: status === 'paid' ? 'draft' : 'none',
      },
      email: null,
      shippingAddress: null,
    });
    let answers = 0;
    stubCartServer(undefined, ({ path }) =>
      path.startsWith('/api/orders/by-session/') ? json(200, order(answers++ === 0 ? 'pending' : 'paid')) : undefined,
    );
    renderWith(<OrderConfirmation sessionId="cs_test_abcdefghijkl" />);
    expect(await screen.findByTestId('order-status')).toHaveAttribute('data-status', 'pending');
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'paid'), {
      timeout: 5000,
    });
    expect(screen.getByTestId('order-number')).toHaveTextContent('CS-10042');
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$25.00');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$4.75');
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$2.45');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$32.20');
    expect(screen.getByTestId('fulfilment-status')).toHaveTextContent('Not yet made');
    // Never the internal or the print partner's order id.
    expect(document.body.textContent).not.toContain('order-1');
    expect(document.body.textContent).not.toContain('77');
  });

  test('a malformed or unknown session id gets a friendly message, not a validation error', async () => {
    stubCartServer(undefined, ({ path }) =>
      path.startsWith('/api/orders/by-session/')
        ? json(404, { error: { code: 'not-found', message: 'No order for checkout session cs_test_unknown000000' } })
        : undefined,
    );
    renderWith(<OrderConfirmation sessionId="cs_test_x" />);
    expect(await screen.findByTestId('order-not-found')).toHaveTextContent('We could not find this order');
    expect(document.body.textContent).not.toMatch(/Expected a Stripe|invalid-argument/);
  });

  test('an unknown well-formed session id gets the same friendly message', async () => {
    stubCartServer(undefined, ({ path }) =>
      path.startsWith('/api/orders/by-session/')
        ? json(404, { error: { code: 'not-found', message: 'No order for checkout session cs_test_unknown000000' } })
        : undefined,
    );
    renderWith(<OrderConfirmation sessionId="cs_test_unknown000000" />);
    expect(await screen.findByTestId('order-not-found')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('No order for checkout session');
  });
});
