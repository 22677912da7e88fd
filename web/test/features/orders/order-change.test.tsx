import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { describe, expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { ShopperOrder } from '@shop/shared/schemas';
import { OrderLookup } from '../../../src/features/orders/components/order-lookup';
import { errorResponse, json, stubFetch } from '../../cart/stubs';

// Changing an order within the grace period from the order lookup, opened by the confirmation
// e-mail's link (docs/after-payment.md#changing-an-order-within-the-grace-period): the page finds
// the order by its key alone, offers each line's sizes and colours at the price paid, and shows
// the server's answer, a success in a live region or a refusal's own sentence.

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const KEY = 'k'.repeat(32);
const TEE = {
  productId: 'tee-1',
  name: 'Pixel Perfect Tee',
  variantName: 'Pixel Perfect Tee / Black / M',
  size: 'M',
  color: 'Black',
  quantity: 1,
  unitPrice: 24.99,
  imageUrl: null,
};
const ADDRESS = {
  name: 'Grace Hopper',
  address1: '1 Compiler Row',
  address2: null,
  city: 'Arlington',
  stateCode: 'VA',
  countryCode: 'US',
  zip: '22201',
};

function heldOrder(item = TEE, changes = 0): ShopperOrder {
  return {
    number: 'CS-10042',
    access: 'full',
    status: 'paid',
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:01:00.000Z',
    items: [item],
    amounts: { subtotal: 24.99, shipping: 4.75, tax: 2.1, total: 31.84, currency: 'USD' },
    totalPrice: 31.84,
    currency: 'USD',
    refunded: 0,
    shippingMethod: { name: 'Standard shipping' },
    fulfilmentStatus: 'draft',
    tracking: [],
    email: 'grace@example.com',
    shippingAddress: ADDRESS,
    secondChance: {
      changeableUntil: '2099-11-20T11:01:00.000Z',
      cancellation: null,
      changes,
      lineChoices: [
        [
          { size: item.size === 'L' ? 'M' : 'L', color: 'Black', price: 24.99, samePrice: true },
          { size: '3XL', color: 'Black', price: 27.99, samePrice: false },
        ],
      ],
    },
  };
}

describe('changing an order from the e-mail link', () => {
  test('the key finds the order by itself; a same-price size is saved and the new size shown', async () => {
    const sent: Array<{ path: string; body: unknown }> = [];
    let current = heldOrder();
    stubFetch(({ method, path, body }) => {
      if (method !== 'POST') return undefined;
      sent.push({ path, body });
      if (path === '/api/orders/lookup') return json(200, { order: current });
      if (path === '/api/orders/change') {
        current = heldOrder({ ...TEE, size: 'L', variantName: 'Pixel Perfect Tee / Black / L' }, 1);
        return json(200, { outcome: 'changed', message: MESSAGES.orderChanged, order: current });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={KEY} />);

    const section = await screen.findByTestId('order-change');
    expect(sent[0]).toEqual({ path: '/api/orders/lookup', body: { number: 'CS-10042', key: KEY } });
    // Inside the order card (whose number is a level-2 heading) the section sits one level below.
    expect(within(section).getByRole('heading', { name: 'Change your order' }).tagName).toBe('H3');
    const select = within(section).getByLabelText(/Change size or colour: Pixel Perfect Tee/);
    // Another price is shown, and cannot be chosen.
    expect(within(select).getByRole('option', { name: /Black \/ 3XL: \$27\.99, another price/ })).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Black / L' })).toBeEnabled();
    // The country and state are fixed, and the page says why.
    await user.click(within(section).getByRole('button', { name: 'Correct the address' }));
    expect(within(section).getByTestId('order-change-fixed')).toHaveTextContent(
      'VA, United States: the country and state stay as paid',
    );
    expect(within(section).queryByLabelText(/Country/)).not.toBeInTheDocument();

    await user.selectOptions(select, 'Black / L');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('order-change-result')).toHaveTextContent(MESSAGES.orderChanged);
    expect(screen.getByTestId('order-change-result').closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(sent[1]).toEqual({
      path: '/api/orders/change',
      body: {
        order: { number: 'CS-10042', key: KEY },
        basedOn: 0,
        change: { kind: 'variant', line: 0, size: 'L', color: 'Black' },
      },
    });
    // The order as the answer gives it: the line now says L, and no second lookup was spent on it
    // (the shopper has five a minute).
    const card = screen.getAllByTestId('order-card')[0];
    await within(card).findByText('Black / L');
    expect(sent.map((call) => call.path)).toEqual(['/api/orders/lookup', '/api/orders/change']);
  });

  test("a refusal shows the API's sentence and nothing else changes", async () => {
    stubFetch(({ method, path }) => {
      if (method === 'POST' && path === '/api/orders/lookup') return json(200, { order: heldOrder() });
      if (method === 'POST' && path === '/api/orders/change')
        return errorResponse(409, 'aborted', MESSAGES.orderChangeConflict);
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={KEY} />);
    const section = await screen.findByTestId('order-change');
    await user.selectOptions(within(section).getByLabelText(/Change size or colour/), 'Black / L');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('order-change-error')).toHaveTextContent(MESSAGES.orderChangeConflict);
    expect(screen.getByTestId('order-change-error')).toHaveAttribute('role', 'alert');
    expect(screen.queryByTestId('order-change-result')).not.toBeInTheDocument();
  });

  test('the address form sends the corrected street with the country and state as paid', async () => {
    const sent: unknown[] = [];
    stubFetch(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/orders/lookup') return json(200, { order: heldOrder() });
      if (method === 'POST' && path === '/api/orders/change') {
        sent.push(body);
        return json(200, { outcome: 'changed', message: MESSAGES.orderChanged, order: heldOrder(undefined, 1) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={KEY} />);
    const section = await screen.findByTestId('order-change');
    await user.click(within(section).getByRole('button', { name: 'Correct the address' }));
    const street = within(section).getByLabelText('Street address');
    await user.clear(street);
    await user.click(within(section).getByRole('button', { name: 'Save the address' }));
    // An empty street is refused on the page, nothing sent.
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(street).toHaveFocus();
    expect(sent).toEqual([]);
    await user.type(street, '2 Compiler Row');
    await user.click(within(section).getByRole('button', { name: 'Save the address' }));
    expect(await screen.findByTestId('order-change-result')).toHaveTextContent(MESSAGES.orderChanged);
    expect(sent).toEqual([
      {
        order: { number: 'CS-10042', key: KEY },
        basedOn: 0,
        change: { kind: 'address', address: { ...ADDRESS, address1: '2 Compiler Row' } },
      },
    ]);
  });

  test('a slow re-read that left before the latest change never puts the older size back on the page', async () => {
    // A swap refused once (the order moved on) re-reads the order; the shopper saves again at once,
    // and the re-read, sent earlier, lands after the answer of the change that succeeded.
    const large = { ...TEE, size: 'L', variantName: 'Pixel Perfect Tee / Black / L' };
    let lookups = 0;
    let releaseReread: () => void = () => undefined;
    let changes = 0;
    stubFetch(async ({ method, path }) => {
      if (method !== 'POST') return undefined;
      if (path === '/api/orders/lookup') {
        lookups += 1;
        if (lookups === 1) return json(200, { order: heldOrder() });
        await new Promise<void>((resolve) => (releaseReread = resolve));
        return json(200, { order: heldOrder(TEE, 1) });
      }
      if (path === '/api/orders/change') {
        changes += 1;
        if (changes === 1) return errorResponse(409, 'aborted', MESSAGES.orderChangeConflict);
        return json(200, { outcome: 'changed', message: MESSAGES.orderChanged, order: heldOrder(large, 2) });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={KEY} />);
    const section = await screen.findByTestId('order-change');
    await user.selectOptions(within(section).getByLabelText(/Change size or colour/), 'Black / L');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await screen.findByTestId('order-change-error');
    await user.selectOptions(
      within(screen.getByTestId('order-change')).getByLabelText(/Change size or colour/),
      'Black / L',
    );
    await user.click(within(screen.getByTestId('order-change')).getByRole('button', { name: 'Save' }));
    await within(screen.getAllByTestId('order-card')[0]).findByText('Black / L');
    await act(async () => {
      releaseReread();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const card = screen.getAllByTestId('order-card')[0];
    const line = within(card).getByTestId('order-card-item');
    expect(line).toHaveTextContent('Black / L');
    expect(line).not.toHaveTextContent('Black / M');
    expect(within(card).getByText(/now Black \/ L/)).toBeInTheDocument();
  });

  test('an order past its grace period offers no change', async () => {
    const late = { ...heldOrder(), secondChance: { changeableUntil: null, cancellation: null } };
    stubFetch(({ path }) => (path === '/api/orders/lookup' ? json(200, { order: late }) : undefined));
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={KEY} />);
    await screen.findByTestId('order-card');
    expect(screen.queryByTestId('order-change')).not.toBeInTheDocument();
  });
});

describe('undoing an address change from its e-mail', () => {
  test('the undo link offers to put the previous address back, and the order shows it', async () => {
    const sent: Array<{ path: string; body: unknown }> = [];
    const moved = { ...heldOrder(TEE, 1), shippingAddress: { ...ADDRESS, address1: '9 Wrong Turn' } };
    stubFetch(({ method, path, body }) => {
      if (method !== 'POST') return undefined;
      sent.push({ path, body });
      if (path === '/api/orders/lookup') return json(200, { order: moved });
      if (path === '/api/orders/undo-change')
        return json(200, { outcome: 'changed', message: MESSAGES.orderChanged, order: heldOrder(TEE, 2) });
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={KEY} undo={1} />);
    await user.click(await screen.findByRole('button', { name: 'Put the previous address back' }));
    expect(await screen.findByTestId('order-undo-result')).toHaveTextContent('The previous address is back');
    expect(sent[1]).toEqual({
      path: '/api/orders/undo-change',
      body: { order: { number: 'CS-10042', key: KEY }, change: 1 },
    });
    expect(screen.getAllByTestId('shipping-address')[0]).toHaveTextContent(ADDRESS.address1);
  });

  test('an undo refused (changed again since) shows the server’s sentence', async () => {
    stubFetch(({ method, path }) => {
      if (method !== 'POST') return undefined;
      if (path === '/api/orders/lookup') return json(200, { order: heldOrder(TEE, 2) });
      if (path === '/api/orders/undo-change') return errorResponse(409, 'aborted', MESSAGES.orderUndoStale);
      return undefined;
    });
    const user = userEvent.setup();
    renderWith(<OrderLookup initialNumber="CS-10042" linkKey={KEY} undo={1} />);
    await user.click(await screen.findByRole('button', { name: 'Put the previous address back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.orderUndoStale);
  });
});
