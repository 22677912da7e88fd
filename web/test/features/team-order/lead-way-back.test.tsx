import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import type { TeamOrderLinkView, TeamOrderList } from '@shop/shared/schemas';
import { AccountTeamOrders } from '../../../src/features/team-order/components/account-team-orders';
import { TeamOrderMemberPage } from '../../../src/features/team-order/components/team-order-member-page';
import { json, stubFetch } from '../../cart/stubs';

// A team lead finds their team order again (docs/rules.md#team-orders): the account lists the team
// orders they started, each opening its lead's page; the shared link, opened by the lead, leads
// there too instead of showing them the colleagues' form.

const ID = '5f0c2b4e-8a51-4f8a-9b7e-1c2d3e4f5a6b';
const TOKEN = 'A'.repeat(32);

function client() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

const list: TeamOrderList = {
  teamOrders: [
    {
      id: ID,
      title: 'Platform team hoodies',
      leadName: 'Sam',
      state: 'paid',
      closesOn: '2026-12-04',
      closesAt: '2026-12-05T08:00:00.000Z',
      memberCount: 3,
      maxMembers: 20,
      createdAt: '2026-11-27T00:00:00.000Z',
    },
  ],
};

function linkView(leadOrderId: string | null): TeamOrderLinkView {
  return {
    title: 'Platform team hoodies',
    leadName: 'Sam',
    products: [],
    color: null,
    closesOn: '2026-12-04',
    closesAt: '2026-12-05T08:00:00.000Z',
    state: 'open',
    notice: null,
    memberCount: 3,
    maxMembers: 20,
    me: null,
    leadOrderId,
  };
}

describe("a team lead's way back to their team order", () => {
  test('the account lists the team orders they started, each leading to its page', async () => {
    stubFetch(({ method, path }) => (method === 'GET' && path === '/api/team-orders' ? json(200, list) : undefined));
    render(
      <QueryClientProvider client={client()}>
        <MemoryRouter>
          <AccountTeamOrders uid="lead-1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const section = await screen.findByRole('region', { name: 'Your team orders' });
    const item = within(section).getByTestId('account-team-order');
    expect(within(item).getByRole('link', { name: 'Platform team hoodies' })).toHaveAttribute(
      'href',
      `/store/team/lead/${ID}`,
    );
    expect(item).toHaveTextContent('Paid: 3 of 20 people');
  });

  test('the shared link, opened by its lead, opens the lead page', async () => {
    stubFetch(({ method, path }) =>
      method === 'GET' && path === `/api/team-orders/link/${TOKEN}` ? json(200, linkView(ID)) : undefined,
    );
    render(
      <QueryClientProvider client={client()}>
        <MemoryRouter initialEntries={[`/store/team/${TOKEN}`]}>
          <Routes>
            <Route path="/store/team/lead/:id" element={<Where />} />
            <Route path="/store/team/:token" element={<TeamOrderMemberPage token={TOKEN} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(`/store/team/lead/${ID}`);
  });

  test('a colleague opening the link gets the form, not the lead page', async () => {
    stubFetch(({ method, path }) =>
      method === 'GET' && path === `/api/team-orders/link/${TOKEN}` ? json(200, linkView(null)) : undefined,
    );
    render(
      <QueryClientProvider client={client()}>
        <MemoryRouter initialEntries={[`/store/team/${TOKEN}`]}>
          <Routes>
            <Route path="/store/team/lead/:id" element={<Where />} />
            <Route path="/store/team/:token" element={<TeamOrderMemberPage token={TOKEN} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform team hoodies' })).toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
