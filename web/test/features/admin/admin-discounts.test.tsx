import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { AdminDiscount } from '@shop/shared/schemas';
import { AdminDiscountsPage } from '../../../src/features/admin/components/admin-discounts-page';
import { errorResponse, json, stubFetch } from '../../cart/stubs';

// /admin/discounts (docs/rules.md#what-a-merch-shopper-expects): each code with its redemptions, and the switch that turns one
// off, which says so when the API refuses.

const FRIENDS: AdminDiscount = {
  id: 'FRIENDS-10',
  code: 'FRIENDS-10',
  kind: 'percent',
  value: 10,
  minSubtotal: 30,
  startsAt: null,
  endsAt: null,
  maxRedemptions: 5,
  active: true,
  stripeCouponId: 'coupon_1',
  stripePromotionCodeId: 'promo_1',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'admin-uid',
  updatedAt: '2026-11-20T10:00:00.000Z',
  redemptions: 2,
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminDiscountsPage />
    </QueryClientProvider>,
  );
}

describe('the discount codes screen', () => {
  test('lists each code with its redemptions and switches one off', async () => {
    let active = true;
    const { requests } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/admin/discounts')
        return json(200, { discounts: [{ ...FRIENDS, active }] });
      if (method === 'PATCH' && path === '/api/admin/discounts/FRIENDS-10') {
        active = false;
        return json(200, { discount: { ...FRIENDS, active } });
      }
      return undefined;
    });
    renderPage();
    const card = await screen.findByTestId('admin-discount');
    expect(within(card).getByTestId('admin-discount-redemptions')).toHaveTextContent('2 of 5 redeemed');
    expect(card).toHaveTextContent('10% off · from $30.00');
    await userEvent.setup().click(within(card).getByRole('button', { name: /^Switch off ?FRIENDS-10$/ }));
    expect(await within(card).findByRole('button', { name: /^Switch on ?FRIENDS-10$/ })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ active: false });
  });

  test('says why a code could not be switched off, and still shows it on', async () => {
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/admin/discounts') return json(200, { discounts: [FRIENDS] });
      if (method === 'PATCH') return errorResponse(503, 'unavailable', MESSAGES.paymentsUnavailable);
      return undefined;
    });
    renderPage();
    const card = await screen.findByTestId('admin-discount');
    await userEvent.setup().click(within(card).getByRole('button', { name: /^Switch off ?FRIENDS-10$/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.paymentsUnavailable);
    expect(within(card).getByRole('button', { name: /^Switch off ?FRIENDS-10$/ })).toBeInTheDocument();
  });

  test('answers a bad code and a bad value with sentences naming the fields, beside them, and sends nothing', async () => {
    const { requests } = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/admin/discounts') return json(200, { discounts: [] });
      return undefined;
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New code' });
    await user.type(within(form).getByLabelText('Code'), 'SUMMER 10%');
    await user.type(within(form).getByLabelText('Value'), '150');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    const code = within(form).getByLabelText('Code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(
      'Code: use 3 to 32 letters, digits or hyphens, without spaces, such as SUMMER-10',
    );
    expect(within(form).getByLabelText('Value')).toHaveAccessibleDescription(
      'Value: a percent discount is a whole number from 1 to 100',
    );
    expect(form).not.toHaveTextContent(/Invalid body|body\./);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test("shows the server's refusal of a field beside that field, in the field's words", async () => {
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/admin/discounts') return json(200, { discounts: [] });
      if (method === 'POST')
        return new Response(
          JSON.stringify({
            error: {
              code: 'invalid-argument',
              message: 'Invalid body: body.maxRedemptions: Too big',
              details: {
                fields: {
                  maxRedemptions: 'Redemption limit: enter a whole number from 1 to 1,000,000, or leave it empty',
                },
              },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      return undefined;
    });
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New code' });
    await user.type(within(form).getByLabelText('Code'), 'client-15');
    await user.type(within(form).getByLabelText('Value'), '15');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(
      await within(form).findByText('Redemption limit: enter a whole number from 1 to 1,000,000, or leave it empty'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Redemption limit/)).toHaveAttribute('aria-invalid', 'true');
    expect(form).not.toHaveTextContent(/Invalid body/);
  });
});
