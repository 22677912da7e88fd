import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { AdminOrder, AdminOrderDetail } from '@shop/shared/schemas';
import { AdminOrderDetailPage } from '../../../src/features/admin-orders/components/admin-order-detail';
import { AdminOrdersPage } from '../../../src/features/admin-orders/components/admin-orders-page';
import { json, stubFetch } from '../../cart/stubs';

// The studio's view of one order (/admin/orders/:id): its amounts must add up to what was charged,
// and its history reads in words, not the providers' event names.

const ORDER: AdminOrderDetail = {
  id: 'ord_discounted',
  number: 'CS-10077',
  status: 'paid',
  createdAt: '2026-11-24T09:00:00.000Z',
  paidAt: '2026-11-24T09:01:00.000Z',
  items: [
    {
      lineId: 'l1',
      productId: 'tee-1',
      name: 'Pixel Perfect Tee',
      variantName: 'Pixel Perfect Tee / Black / M',
      size: 'M',
      color: 'Black',
      quantity: 2,
      unitPrice: 20,
      imageUrl: null,
    },
  ],
  amounts: { subtotal: 40, discount: 4, shipping: 5, tax: 2.5, total: 43.5, currency: 'USD' },
  totalPrice: 43.5,
  currency: 'USD',
  refunded: 0,
  fulfilmentStatus: 'pending',
  tracking: [],
  shippingMethod: { id: 'STANDARD', name: 'Standard shipping' },
  email: 'grace@example.com',
  shippingAddress: null,
  owner: { kind: 'guest', id: 'guest-1' },
  customerEmail: 'grace@example.com',
  customerName: 'Grace Hopper',
  stripeSessionId: 'cs_test_discounted',
  printfulOrderId: 77,
  fulfilmentReason: null,
  refunds: [],
  events: [],
  canRetryFulfilment: false,
  discountCode: 'FRIENDS-10',
  shipping: null,
  links: { stripe: null, printful: null },
  printfulCost: 18,
  refundable: 43.5,
  changes: [],
};

function renderOrder(order: AdminOrderDetail) {
  stubFetch(({ path }) => (path === `/api/admin/orders/${order.id}` ? json(200, order) : undefined));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminOrderDetailPage orderId={order.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin order detail', () => {
  test("the history says what happened in words, with the provider's event name kept for a search", async () => {
    const at = '2026-11-24T09:01:00.000Z';
    const event = (source: 'stripe' | 'printful' | 'studio', type: string, note: string | null = null) => ({
      at,
      source,
      type,
      eventId: null,
      note,
    });
    renderOrder({
      ...ORDER,
      events: [
        event('stripe', 'checkout.session.completed'),
        event('studio', 'printful-cancel', 'Printful order 77 is cancelled'),
        event('stripe', 'refund.created', '1 refund, $43.50 in total (full)'),
        event('printful', 'package_shipped'),
        event('printful', 'something_new'),
      ],
    });
    const items = (await screen.findAllByRole('listitem')).filter((li) => li.querySelector('time'));
    const text = items.map((li) => li.textContent?.slice((li.querySelector('time')?.textContent ?? '').length).trim());
    expect(text).toEqual([
      'Stripe: payment completed',
      'Studio: Printful order cancelled — Printful order 77 is cancelled',
      'Stripe: refund made — 1 refund, $43.50 in total (full)',
      'Printful: package shipped',
      'Printful: something_new',
    ]);
    expect(screen.getByText('payment completed')).toHaveAttribute('title', 'checkout.session.completed');
  });

  test("a discounted order's amounts show the discount and its code, so they add up to the total", async () => {
    renderOrder(ORDER);
    const amounts = (await screen.findByText('Amounts', { selector: 'dt' })).nextElementSibling;
    expect(amounts).toHaveTextContent(
      '$40.00 items − $4.00 discount (FRIENDS-10) + $5.00 shipping + $2.50 tax = $43.50',
    );
  });

  test('a Printful order cancelled before it was made is said to cost nothing, as the sales report counts it', async () => {
    renderOrder({ ...ORDER, fulfilmentStatus: 'canceled', fulfilmentReason: 'Cancelled after a full refund' });
    const printful = (await screen.findByText('Printful', { selector: 'dt' })).nextElementSibling;
    expect(printful).toHaveTextContent('Cancelled · not charged — Cancelled after a full refund');
    expect(printful).not.toHaveTextContent('$18.00');
  });

  test("refunds read in words, with Stripe's own word kept as the hover text", async () => {
    renderOrder({
      ...ORDER,
      refunds: [
        { id: 're_1', amount: 17.74, status: 'succeeded' },
        { id: 're_2', amount: 5, status: 'pending' },
        { id: 're_3', amount: 3, status: 'failed' },
      ],
    });
    const refunds = await screen.findByTestId('admin-order-refunds');
    expect(refunds).toHaveTextContent('$17.74 refunded, $5.00 pending, $3.00 failed');
    expect(refunds).not.toHaveTextContent('succeeded');
    expect(screen.getByText('refunded')).toHaveAttribute('title', 'succeeded');
  });

  test("the shipping option is named without Printful's date note, and the arrival is said in words", async () => {
    renderOrder({
      ...ORDER,
      paidAt: '2026-11-24T09:01:00.000Z',
      shippingMethod: {
        id: 'STANDARD',
        name: 'Flat Rate (Estimated delivery: 11-28–12-01)',
        minDeliveryDays: 3,
        maxDeliveryDays: 5,
      },
    });
    const ships = (await screen.findByText('Ships to', { selector: 'dt' })).nextElementSibling;
    expect(ships).toHaveTextContent('Flat Rate');
    expect(ships).not.toHaveTextContent('Estimated delivery');
    expect(ships).toHaveTextContent(/Arrives \w{3}, Nov 27 - \w{3}, Dec 1/);
  });

  test('a refund is confirmed in the page, with its amount, and nothing is refunded when the studio goes back', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { requests } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === `/api/admin/orders/${ORDER.id}`) return json(200, ORDER);
      if (method === 'POST' && path === `/api/admin/orders/${ORDER.id}/refund`)
        return json(202, { refund: { id: 're_1', amount: 10, status: 'succeeded' } });
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AdminOrderDetailPage orderId={ORDER.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    // Empty: all that is left, said as an amount.
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    let step = screen.getByRole('group', { name: 'Confirm the refund' });
    expect(step).toHaveTextContent("Refund $43.50 to the customer's card. This cannot be undone.");
    expect(step).toHaveTextContent('grace@example.com is e-mailed about it.');
    expect(within(step).getByRole('heading', { name: 'Confirm the refund' })).toHaveFocus();
    // Back keeps what was typed, and puts the studio back on the Refund button.
    await user.click(within(step).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('group', { name: 'Confirm the refund' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toHaveFocus();
    await user.type(screen.getByLabelText(/Refund amount/), '10');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    step = screen.getByRole('group', { name: 'Confirm the refund' });
    expect(step).toHaveTextContent("Refund $10.00 to the customer's card. This cannot be undone.");
    // Escape goes back too, with the amount kept.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Confirm the refund' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Refund amount/)).toHaveValue(10);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    // Confirmed from the keyboard: Tab to "Refund $10.00", Enter.
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Refund $10.00' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      amount: 10,
      reason: 'requested_by_customer',
      tellCustomer: true,
    });
    const made = await screen.findByTestId('refund-requested');
    expect(made).toHaveTextContent('Refund of $10.00 made in Stripe: refunded.');
    expect(made).not.toHaveTextContent('succeeded');
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });
});

describe('the refund dialog', () => {
  const renderDialog = (answer: (body: unknown) => Response | undefined) => {
    const confirm = vi.spyOn(window, 'confirm');
    const stub = stubFetch(({ method, path, body }) => {
      if (method === 'GET' && path === `/api/admin/orders/${ORDER.id}`) return json(200, ORDER);
      if (method === 'POST' && path === `/api/admin/orders/${ORDER.id}/refund`) return answer(body);
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AdminOrderDetailPage orderId={ORDER.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return { ...stub, confirm };
  };

  test("sends the reason, the note and 'tell the customer' off, and says so before refunding", async () => {
    const { requests, confirm } = renderDialog(() =>
      json(202, { refund: { id: 're_2', amount: 43.5, status: 'succeeded' } }),
    );
    await userEvent.selectOptions(await screen.findByLabelText('Reason'), 'Duplicate payment');
    await userEvent.type(screen.getByLabelText(/^Note/), 'Paid twice by mistake');
    const tell = screen.getByLabelText(/^Tell the customer/);
    expect(tell).toBeChecked();
    expect(tell).toHaveAccessibleName(/e-mail grace@example\.com/);
    await userEvent.click(tell);
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const step = screen.getByRole('group', { name: 'Confirm the refund' });
    expect(step).toHaveTextContent("Refund $43.50 to the customer's card. This cannot be undone.");
    expect(step).toHaveTextContent('The customer is not e-mailed.');
    expect(step).toHaveTextContent('Duplicate payment');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(step).getByRole('button', { name: 'Refund $43.50' }));
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'duplicate',
      note: 'Paid twice by mistake',
      tellCustomer: false,
    });
    confirm.mockRestore();
  });

  test('names the field of a wrong value beside it, before sending or from the API, and refunds nothing', async () => {
    const { requests, confirm } = renderDialog(() =>
      json(400, {
        error: {
          code: 'invalid-argument',
          message: 'Invalid body',
          details: { fields: { note: MESSAGES.refundNoteTooLong(500) } },
        },
      }),
    );
    const amount = await screen.findByLabelText(/Refund amount/);
    await userEvent.type(amount, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(MESSAGES.refundAmountOverLeft('$43.50'))).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(MESSAGES.refundAmountInvalid)).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    // The API's own check (a note over its length, here) lands beside its field.
    await userEvent.clear(amount);
    await userEvent.type(screen.getByLabelText(/^Note/), 'Short');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund $43.50' }));
    expect(await screen.findByText(MESSAGES.refundNoteTooLong(500))).toBeInTheDocument();
    expect(screen.getByLabelText(/^Note/)).toHaveAttribute('aria-invalid', 'true');
    confirm.mockRestore();
  });

  test("shows each refund's reason, note and whether the customer was told", async () => {
    stubFetch(({ method, path }) =>
      method === 'GET' && path === `/api/admin/orders/${ORDER.id}`
        ? json(200, {
            ...ORDER,
            refunds: [
              {
                id: 're_a',
                amount: 10,
                status: 'succeeded',
                reason: 'duplicate',
                note: 'Paid twice',
                tellCustomer: false,
              },
              { id: 're_b', amount: 5, status: 'succeeded' },
            ],
          })
        : undefined,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AdminOrderDetailPage orderId={ORDER.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('admin-order-refunds')).toHaveTextContent(
      '$10.00 refunded (duplicate payment, customer not e-mailed): “Paid twice”, $5.00 refunded',
    );
  });
});

describe("the shopper's changes and request to cancel on the admin order page", () => {
  test('lists the changes made within the grace period, in words', async () => {
    renderOrder({
      ...ORDER,
      changes: [
        {
          at: '2026-11-24T09:10:00.000Z',
          by: 'shopper',
          via: 'email-link',
          kind: 'variant',
          from: 'Pixel Perfect Tee: M / Black',
          to: 'Pixel Perfect Tee: L / Black',
        },
      ],
    });
    const list = await screen.findByTestId('order-changes');
    expect(list).toHaveTextContent(
      'Size or colour: Pixel Perfect Tee: M / Black → Pixel Perfect Tee: L / Black (from the e-mail link)',
    );
  });

  test('accepting a pending request calls the API and says the payment is refunded', async () => {
    const order: AdminOrderDetail = {
      ...ORDER,
      secondChance: { changeableUntil: null, cancellation: 'requested', changes: 0, decision: null },
    };
    const sent: unknown[] = [];
    stubFetch(({ method, path, body }) => {
      if (path === `/api/admin/orders/${order.id}`) return json(200, order);
      if (method === 'POST' && path === `/api/admin/orders/${order.id}/cancel-request`) {
        sent.push(body);
        return json(202, { decision: 'accepted', refundId: 're_123' });
      }
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AdminOrderDetailPage orderId={order.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept and refund' }));
    await waitFor(() =>
      expect(screen.getByTestId('cancel-request-result')).toHaveTextContent(
        'Accepted: the payment is refunded in full (re_123) and the shopper is e-mailed.',
      ),
    );
    expect(sent).toEqual([{ decision: 'accept' }]);
  });

  test('an answered request shows the answer, no buttons', async () => {
    renderOrder({
      ...ORDER,
      secondChance: { changeableUntil: null, cancellation: 'requested', changes: 0, decision: 'declined' },
    });
    expect(await screen.findByTestId('cancel-request')).toHaveTextContent('the request was declined');
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });
});

describe('admin order list', () => {
  test('links each order to its payment in Stripe and its order in Printful, and its history reads in words', async () => {
    const {
      shipping: _shipping,
      links: _links,
      printfulCost: _cost,
      refundable: _left,
      changes: _changes,
      ...listed
    } = ORDER;
    const order: AdminOrder = {
      ...listed,
      stripeSessionId: 'cs_test_listed',
      refunds: [{ id: 're_listed', amount: 17.74, status: 'succeeded' }],
      events: [
        {
          at: '2026-11-24T09:01:00.000Z',
          source: 'stripe',
          type: 'checkout.session.completed',
          eventId: null,
          note: null,
        },
      ],
    };
    stubFetch(({ path }) => (path === '/api/admin/orders' ? json(200, { orders: [order] }) : undefined));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AdminOrdersPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('link', { name: 'cs_test_listed' })).toHaveAttribute(
      'href',
      'https://dashboard.stripe.com/test/search?query=cs_test_listed',
    );
    expect(screen.getByRole('link', { name: '77' })).toHaveAttribute(
      'href',
      'https://www.printful.com/dashboard?order_id=77',
    );
    expect(screen.getByText('payment completed')).toHaveAttribute('title', 'checkout.session.completed');
    const refund = screen.getByText('re_listed').parentElement;
    expect(refund).toHaveTextContent('re_listed $17.74 refunded');
    expect(refund).not.toHaveTextContent('succeeded');
  });
});

describe('an order waiting to go to print', () => {
  test('"Confirm now" asks before it ends the shopper\'s right to cancel, then the panel says it was sent', async () => {
    const held = { ...ORDER, fulfilmentStatus: 'draft', holdUntil: '2099-11-24T10:01:00.000Z' } as AdminOrderDetail;
    const sent: string[] = [];
    stubFetch(({ method, path }) => {
      if (path === `/api/admin/orders/${held.id}`) return json(200, held);
      if (method === 'POST' && path === `/api/admin/orders/${held.id}/release`) {
        sent.push(path);
        return json(200, { holdUntil: new Date().toISOString(), jobId: 'release-1' });
      }
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AdminOrderDetailPage orderId={held.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm now' }));
    expect(sent).toEqual([]);
    expect(screen.getByTestId('hold-controls')).toHaveTextContent(/the shopper can no longer cancel/i);
    await user.click(screen.getByRole('button', { name: 'Yes, send it to print' }));
    await waitFor(() => expect(screen.getByTestId('hold-controls')).toHaveTextContent(/Sent to print/));
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Confirm now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend hold by an hour' })).not.toBeInTheDocument();
  });
});

describe('an order on hold', () => {
  test('is sent to Printful again from its own page, where the studio reads why it is held', async () => {
    const held = {
      ...ORDER,
      fulfilmentStatus: 'held-address',
      fulfilmentReason: 'The address is in another state than the one shipping was quoted for.',
      canRetryFulfilment: true,
    } as AdminOrderDetail;
    const sent: string[] = [];
    stubFetch(({ method, path }) => {
      if (path === `/api/admin/orders/${held.id}`) return json(200, held);
      if (method === 'POST' && path === `/api/admin/orders/${held.id}/retry-fulfilment`) {
        sent.push(path);
        return json(202, { queued: true, jobId: 'retry-1' });
      }
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AdminOrderDetailPage orderId={held.id} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry fulfilment' }));
    await screen.findByRole('button', { name: 'Retry queued' });
    expect(sent).toHaveLength(1);
  });
});
