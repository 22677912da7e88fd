import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { AccountOrder, AdminOrderDetail, OrderStatusResponse, ShopperOrder } from '@shop/shared/schemas';
import { httpCartApi } from '../../../src/lib/cart/cart-api';
import { CartStore } from '../../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../../src/lib/cart/use-cart';
import { OrderConfirmation } from '../../../src/features/orders/components/order-confirmation';
import { AccountOrders } from '../../../src/features/orders/components/account-orders';
import { AdminOrderDetailPage } from '../../../src/features/admin-orders/components/admin-order-detail';
import { OrderLookup } from '../../../src/features/orders/components/order-lookup';
import { SiteFooter } from '../../../src/components/layouts/site-footer';
import { errorResponse, json, stubCartServer, stubFetch } from '../../cart/stubs';

// What a shopper sees of their order after paying: the confirmation, the account's history and
// the guest lookup page.

let cart: CartStore | null = null;
afterEach(() => {
  cart?.flush();
  cart = null;
});

function renderWith(children: ReactNode) {
  cart = new CartStore({ api: httpCartApi, identity: { ready: async () => undefined, owner: () => 'guest-orders' } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartStoreProvider store={cart}>{children}</CartStoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const TEE = {
  productId: 'tee-1',
  name: 'Pixel Perfect Tee',
  // Printful names a variant after its product: shown once, the variant beside it.
  variantName: 'Pixel Perfect Tee / Black / M',
  size: 'M',
  color: 'Black',
  quantity: 2,
  unitPrice: 24.99,
  imageUrl: 'https://files.example/tee-black.png',
};
const ADDRESS = {
  name: 'Grace Hopper',
  address1: '1 Compiler Row',
  address2: 'Apt 2',
  city: 'Arlington',
  stateCode: 'VA',
  countryCode: 'US',
  zip: '22201',
};
const AMOUNTS = { subtotal: 49.98, shipping: 4.75, tax: 4.12, total: 58.85, currency: 'USD' as const };
const TRACKING = { carrier: 'USPS', number: '9400 1000', url: 'https://track.example/9400' };

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('order confirmation', () => {
  const paid: OrderStatusResponse = {
    id: 'ord_internal_123',
    number: 'CS-10042',
    status: 'shipped',
    items: [{ lineId: 'l1', ...TEE }],
    totalPrice: 58.85,
    currency: 'USD',
    amounts: AMOUNTS,
    shippingMethod: { id: 'STANDARD', name: 'Standard shipping', minDeliveryDays: 3, maxDeliveryDays: 6 },
    fulfilment: { provider: 'printful', orderId: 77, status: 'fulfilled', tracking: TRACKING },
    paidAt: '2026-11-20T15:00:00.000Z',
    email: 'grace@example.com',
    shippingAddress: ADDRESS,
  };

  test('shows where it goes, where the e-mail went, the tracking link, and offers a guest an account', async () => {
    stubCartServer(undefined, ({ path }) => (path.startsWith('/api/orders/by-session/') ? json(200, paid) : undefined));
    renderWith(<OrderConfirmation sessionId="cs_test_abcdefghijkl" />);
    expect(await screen.findByTestId('confirmation-email')).toHaveTextContent(
      'A confirmation e-mail was sent to grace@example.com',
    );
    const address = screen.getByTestId('shipping-address');
    for (const line of ['Grace Hopper', '1 Compiler Row', 'Apt 2', 'Arlington VA 22201', 'United States'])
      expect(address).toHaveTextContent(line);
    const track = screen.getByRole('link', { name: 'Track USPS 9400 1000' });
    expect(track).toHaveAttribute('href', 'https://track.example/9400');
    expect(screen.getByRole('link', { name: 'look up this order' })).toHaveAttribute(
      'href',
      '/store/order-status?number=CS-10042',
    );
    const offer = screen.getByTestId('account-offer');
    expect(within(offer).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/login?mode=sign-up',
    );
    const items = screen.getByRole('table');
    expect(occurrences(items.textContent ?? '', 'Pixel Perfect Tee')).toBe(1);
    expect(items).toHaveTextContent('Black / M');
    // Each line with the product's picture, as in the account's history.
    expect(items.querySelector('img')).toHaveAttribute('src', 'https://files.example/tee-black.png');
    expect(document.body.textContent).not.toContain('ord_internal_123');
  });

  test('leads with the order: its number, delivery and items come before the controls to cancel or change it', async () => {
    const held: OrderStatusResponse = {
      ...paid,
      status: 'paid',
      fulfilment: { provider: 'printful', orderId: 77, status: 'draft' },
      secondChance: { changeableUntil: '2099-11-20T16:00:00.000Z', cancellation: null, changes: 0, lineChoices: [[]] },
    };
    stubCartServer(undefined, ({ path }) => (path.startsWith('/api/orders/by-session/') ? json(200, held) : undefined));
    renderWith(<OrderConfirmation sessionId="cs_test_abcdefghijkl" />);
    const cancel = await screen.findByRole('button', { name: 'Cancel order' });
    const follows = (first: Element, then: Element) =>
      Boolean(first.compareDocumentPosition(then) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByTestId('order-number'), cancel)).toBe(true);
    expect(follows(screen.getByRole('table', { name: 'Items in this order' }), cancel)).toBe(true);
  });

  test('says when a paid order arrives, in words, counted in business days from the payment', async () => {
    const justPaid: OrderStatusResponse = {
      ...paid,
      status: 'paid',
      // Printful's own date note is left out: the words below say it.
      shippingMethod: {
        id: 'STANDARD',
        name: 'Flat Rate (Estimated delivery: 11-25–11-30)',
        minDeliveryDays: 3,
        maxDeliveryDays: 6,
      },
      fulfilment: { provider: 'printful', orderId: 77, status: 'pending' },
    };
    stubCartServer(undefined, ({ path }) =>
      path.startsWith('/api/orders/by-session/') ? json(200, justPaid) : undefined,
    );
    renderWith(<OrderConfirmation sessionId="cs_test_abcdefghijkl" />);
    // Paid on Friday, Nov 20; 3 to 6 business days skip the weekend.
    expect(await screen.findByTestId('delivery-estimate')).toHaveTextContent('Arrives Wed, Nov 25 - Mon, Nov 30');
    expect(screen.getByTestId('shipping-method')).toHaveTextContent(/^Flat Rate$/);
  });

  test('says nothing of an e-mail or an account before the payment is confirmed', async () => {
    const pending = {
      ...paid,
      status: 'pending' as const,
      amounts: null,
      fulfilment: { ...paid.fulfilment, orderId: null, status: 'none', tracking: undefined },
    };
    stubCartServer(undefined, ({ path }) =>
      path.startsWith('/api/orders/by-session/') ? json(200, pending) : undefined,
    );
    renderWith(<OrderConfirmation sessionId="cs_test_abcdefghijkl" />);
    expect(await screen.findByTestId('order-status')).toHaveAttribute('data-status', 'pending');
    expect(screen.queryByTestId('confirmation-email')).not.toBeInTheDocument();
    expect(screen.queryByTestId('account-offer')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delivery-estimate')).not.toBeInTheDocument();
  });
});

describe('order history on /account', () => {
  test('shows each order with pictures, each product named once, amounts, its address and tracking links', async () => {
    const order: AccountOrder = {
      id: 'ord_1',
      number: 'CS-10042',
      status: 'shipped',
      createdAt: '2026-11-20T10:00:00.000Z',
      paidAt: '2026-11-20T10:01:00.000Z',
      items: [
        { lineId: 'l1', ...TEE },
        {
          lineId: 'l2',
          ...TEE,
          productId: 'mug-1',
          name: 'Localhost Mug',
          variantName: null,
          size: 'One Size',
          color: 'Black',
          quantity: 1,
          unitPrice: 14,
          imageUrl: null,
        },
      ],
      amounts: AMOUNTS,
      totalPrice: 58.85,
      currency: 'USD',
      refunded: 0,
      fulfilmentStatus: 'fulfilled',
      tracking: [TRACKING],
      shippingMethod: { name: 'Flat Rate' },
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
    };
    stubFetch(({ path }) => (path === '/api/orders' ? json(200, { orders: [order] }) : undefined));
    renderWith(<AccountOrders uid="uid-1" />);
    const card = await screen.findByTestId('account-order');
    expect(within(card).getByRole('heading', { name: 'Order CS-10042' })).toBeInTheDocument();
    const [tee, mug] = within(card).getAllByTestId('order-card-item');
    expect(occurrences(tee.textContent ?? '', 'Pixel Perfect Tee')).toBe(1);
    expect(tee).toHaveTextContent('Black / M');
    expect(tee.querySelector('img')).toHaveAttribute('src', 'https://files.example/tee-black.png');
    expect(mug).toHaveTextContent('Localhost Mug');
    expect(mug).toHaveTextContent('Black / One Size');
    for (const amount of ['$49.98', '$4.75', '$4.12', '$58.85']) expect(card).toHaveTextContent(amount);
    expect(within(card).getByRole('link', { name: 'Track USPS 9400 1000' })).toHaveAttribute(
      'href',
      'https://track.example/9400',
    );
    expect(within(card).getByTestId('shipping-address')).toHaveTextContent(ADDRESS.address1);
    expect(card).toHaveTextContent('Shipping (Flat Rate)');
  });
});

// A 10% code on the tee: Stripe took $5.00 off the items and taxed what was left (docs/rules.md#what-a-merch-shopper-expects).
const DISCOUNTED = { subtotal: 49.98, discount: 5, shipping: 4.75, tax: 3.71, total: 53.44, currency: 'USD' as const };
const DISCOUNTED_ORDER: AccountOrder = {
  id: 'ord_2',
  number: 'CS-10043',
  status: 'paid',
  createdAt: '2026-11-21T10:00:00.000Z',
  paidAt: '2026-11-21T10:01:00.000Z',
  items: [{ lineId: 'l1', ...TEE }],
  amounts: DISCOUNTED,
  totalPrice: 53.44,
  currency: 'USD',
  refunded: 0,
  fulfilmentStatus: 'pending',
  tracking: [],
  shippingMethod: { name: 'Flat Rate' },
  email: 'ada@example.com',
  shippingAddress: ADDRESS,
};

describe('an order paid with a discount code', () => {
  test('on the confirmation shows the amount off between the subtotal and shipping', async () => {
    const confirmed: OrderStatusResponse = {
      id: 'ord_2',
      number: 'CS-10043',
      status: 'paid',
      items: [{ lineId: 'l1', ...TEE }],
      totalPrice: 53.44,
      currency: 'USD',
      amounts: DISCOUNTED,
      shippingMethod: null,
      fulfilment: { provider: 'printful', orderId: null, status: 'pending' },
      paidAt: '2026-11-21T10:01:00.000Z',
      email: 'ada@example.com',
      shippingAddress: ADDRESS,
    };
    stubCartServer(undefined, ({ path }) =>
      path.startsWith('/api/orders/by-session/') ? json(200, confirmed) : undefined,
    );
    renderWith(<OrderConfirmation sessionId="cs_test_discounted" />);
    expect(await screen.findByTestId('order-discount')).toHaveTextContent('−$5.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$53.44');
  });

  test('on /account shows the amount off and the total that was paid', async () => {
    stubFetch(({ path }) => (path === '/api/orders' ? json(200, { orders: [DISCOUNTED_ORDER] }) : undefined));
    renderWith(<AccountOrders uid="uid-1" />);
    const card = await screen.findByTestId('account-order');
    expect(within(card).getByTestId('order-card-discount')).toHaveTextContent('−$5.00');
    expect(within(card).getByTestId('order-card-total')).toHaveTextContent('$53.44');
  });

  test("in the admin's order view shows the code and the amount off beside the amounts", async () => {
    const detail: AdminOrderDetail = {
      ...DISCOUNTED_ORDER,
      owner: { kind: 'guest', id: 'guest-1' },
      customerEmail: 'ada@example.com',
      customerName: 'Ada Lovelace',
      stripeSessionId: 'cs_test_discounted',
      printfulOrderId: null,
      fulfilmentReason: null,
      refunds: [],
      events: [],
      canRetryFulfilment: false,
      discountCode: 'TEAM-10',
      shipping: null,
      shippingMethod: null,
      links: { stripe: null, printful: null },
      printfulCost: null,
      refundable: 53.44,
      changes: [],
    };
    stubFetch(({ path }) => (path === '/api/admin/orders/ord_2' ? json(200, detail) : undefined));
    renderWith(<AdminOrderDetailPage orderId="ord_2" />);
    const amounts = await screen.findByTestId('admin-order-amounts');
    expect(amounts).toHaveTextContent('$49.98 items − $5.00 discount (TEAM-10) + $4.75 shipping + $3.71 tax = $53.44');
  });
});

describe('order lookup', () => {
  test('is linked from the footer of every page', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Find your order' })).toHaveAttribute('href', '/store/order-status');
  });

  const found: ShopperOrder = {
    number: 'CS-10042',
    access: 'status',
    status: 'paid',
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:01:00.000Z',
    items: [TEE],
    amounts: AMOUNTS,
    totalPrice: 58.85,
    currency: 'USD',
    refunded: 0,
    shippingMethod: { name: 'Standard shipping' },
    fulfilmentStatus: 'inprocess',
    tracking: [],
    email: 'grace@example.com',
    shippingAddress: ADDRESS,
  };

  test('with the number from the e-mail link, finds where the order stands by the e-mail address typed', async () => {
    const sent: unknown[] = [];
    stubFetch(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/orders/lookup') {
        sent.push(body);
        return json(200, { order: { ...found, email: null, shippingAddress: null } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" />);
    expect(screen.getByLabelText('Order number')).toHaveValue('CS-10042');
    await user.type(screen.getByLabelText('E-mail address'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    const card = await screen.findByTestId('order-card');
    expect(sent).toEqual([{ number: 'CS-10042', email: 'grace@example.com' }]);
    expect(within(card).getByRole('heading', { name: 'Order CS-10042' })).toBeInTheDocument();
    expect(card).toHaveTextContent('$58.85');
    expect(card).toHaveTextContent('Being made');
    // Number and e-mail are no key: no address, and the way to the whole order is a code by e-mail.
    expect(within(card).queryByTestId('shipping-address')).not.toBeInTheDocument();
    expect(within(card).getByTestId('order-code')).toBeInTheDocument();
  });

  test("opened from the e-mail's link, the order comes first and no form asks for the e-mail address", async () => {
    stubFetch(({ method, path }) =>
      method === 'POST' && path === '/api/orders/lookup'
        ? json(200, { order: { ...found, access: 'full' } })
        : undefined,
    );
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={'k'.repeat(32)} />);
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByRole('heading', { name: 'Order CS-10042' })).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
    // Another order can still be looked up, on request.
    await user.click(screen.getByRole('button', { name: 'Look up another order' }));
    expect(screen.getByLabelText('E-mail address')).toBeInTheDocument();
  });

  test('a one-time code from the e-mail opens the whole order', async () => {
    const sent: Array<{ path: string; body: unknown }> = [];
    stubFetch(({ method, path, body }) => {
      if (method !== 'POST') return undefined;
      sent.push({ path, body });
      if (path === '/api/orders/access-code') return json(202, { message: MESSAGES.orderCodeSent });
      if (path === '/api/orders/lookup' && (body as { code?: string }).code === '123456')
        return json(200, { order: { ...found, access: 'full' }, key: 'k'.repeat(32) });
      if (path === '/api/orders/lookup') return json(200, { order: { ...found, email: null, shippingAddress: null } });
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" />);
    await user.type(screen.getByLabelText('E-mail address'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    await user.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText(MESSAGES.orderCodeSent)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Open my order' }));
    const card = screen.getAllByTestId('order-card')[0];
    await waitFor(() => expect(within(card).getByTestId('shipping-address')).toHaveTextContent('1 Compiler Row'));
    expect(sent.map((call) => call.path)).toEqual([
      '/api/orders/lookup',
      '/api/orders/access-code',
      '/api/orders/lookup',
    ]);
    expect(sent[1].body).toEqual({ number: 'CS-10042', email: 'grace@example.com' });
    expect(within(card).queryByTestId('order-code')).not.toBeInTheDocument();
  });

  test('a wrong number or e-mail says so without telling which', async () => {
    stubFetch(({ path }) =>
      path === '/api/orders/lookup' ? errorResponse(404, 'not-found', MESSAGES.orderLookupNotFound) : undefined,
    );
    const user = userEvent.setup();
    renderWith(<OrderLookup />);
    await user.type(screen.getByLabelText('Order number'), 'cs-10099');
    await user.type(screen.getByLabelText('E-mail address'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    expect(await screen.findByTestId('lookup-error')).toHaveTextContent(MESSAGES.orderLookupNotFound);
    expect(screen.queryByTestId('order-card')).not.toBeInTheDocument();
  });

  test('a malformed e-mail is pointed out on the field, without asking the server', async () => {
    const requests: string[] = [];
    stubFetch(({ path }) => {
      requests.push(path);
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" />);
    await user.type(screen.getByLabelText('E-mail address'), 'grace-at-example');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveAccessibleDescription(MESSAGES.orderLookupEmailInvalid);
    expect(email).toHaveFocus();
    await waitFor(() => expect(requests.filter((p) => p.startsWith('/api/orders'))).toEqual([]));
  });
});

describe("the lead's order of a team order", () => {
  const team = { teamOrderTitle: 'Platform team hoodies' };

  test('the confirmation names the team order it bought', async () => {
    const paid: OrderStatusResponse = {
      id: 'ord_team',
      number: 'CS-52052',
      status: 'paid',
      items: [{ lineId: 'l1', ...TEE }],
      totalPrice: 49.98,
      currency: 'USD',
      amounts: null,
      shippingMethod: null,
      fulfilment: { provider: 'printful', orderId: null, status: 'none' },
      paidAt: '2026-11-20T15:00:00.000Z',
      email: 'lead@example.com',
      shippingAddress: ADDRESS,
      ...team,
    };
    stubCartServer(undefined, ({ path }) => (path.startsWith('/api/orders/by-session/') ? json(200, paid) : undefined));
    renderWith(<OrderConfirmation sessionId="cs_test_abcdefghijkl" />);
    expect(await screen.findByTestId('order-team-order')).toHaveTextContent('Platform team hoodies');
  });

  test("the account's order list names it too, and no other order", async () => {
    const base: AccountOrder = {
      id: 'ord_team',
      number: 'CS-52052',
      status: 'paid',
      createdAt: '2026-11-20T10:00:00.000Z',
      paidAt: '2026-11-20T10:01:00.000Z',
      items: [{ lineId: 'l1', ...TEE }],
      amounts: AMOUNTS,
      totalPrice: 58.85,
      currency: 'USD',
      refunded: 0,
      fulfilmentStatus: 'none',
      tracking: [],
      shippingMethod: null,
      email: 'lead@example.com',
      shippingAddress: ADDRESS,
    };
    const orders = [
      { ...base, ...team },
      { ...base, id: 'ord_other', number: 'CS-52053' },
    ];
    stubFetch(({ path }) => (path === '/api/orders' ? json(200, { orders }) : undefined));
    renderWith(<AccountOrders uid="uid-1" />);
    const cards = await screen.findAllByTestId('account-order');
    expect(within(cards[0]!).getByTestId('order-card-team-order')).toHaveTextContent(
      'Team order: \u201cPlatform team hoodies\u201d',
    );
    expect(within(cards[1]!).queryByTestId('order-card-team-order')).toBeNull();
  });
});
