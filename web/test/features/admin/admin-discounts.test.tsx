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
});
