import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import type { TeamOrderLinkView } from '@shop/shared/schemas';
import { TeamOrderMemberPage } from '../../../src/features/team-order/components/team-order-member-page';
import { json, stubFetch } from '../../cart/stubs';

// A colleague leaving a team order (docs/rules.md#team-orders): "Withdraw" asks first, and once
// done the page says they have left, instead of the form just emptying.

const TOKEN = 'B'.repeat(32);
const MEMBER = '7a0c2b4e-8a51-4f8a-9b7e-1c2d3e4f5a6b';

function view(joined: boolean): TeamOrderLinkView {
  return {
    title: 'Platform team hoodies',
    leadName: 'Sam',
    products: [
      {
        id: 'hoodie',
        title: 'Studio Hoodie',
        imageUrl: null,
        price: 44.99,
        variants: [{ size: 'M', color: 'Navy' }],
        unavailable: false,
      },
    ],
    color: null,
    closesOn: '2026-12-04',
    closesAt: '2026-12-05T08:00:00.000Z',
    state: 'open',
    notice: null,
    memberCount: joined ? 2 : 1,
    maxMembers: 20,
    me: joined
      ? {
          id: MEMBER,
          name: 'Cy',
          productId: 'hoodie',
          size: 'M',
          color: 'Navy',
          email: null,
          joinedAt: '2026-11-28T10:00:00.000Z',
          updatedAt: '2026-11-28T10:00:00.000Z',
        }
      : null,
    leadOrderId: null,
  };
}

afterEach(() => localStorage.clear());

describe('withdrawing from a team order', () => {
  test('asks first, then says the colleague has left', async () => {
    localStorage.setItem(`teamOrderMember:${TOKEN}`, JSON.stringify({ memberId: MEMBER, key: 'k'.repeat(32) }));
    let joined = true;
    const deletes: string[] = [];
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === `/api/team-orders/link/${TOKEN}`) return json(200, view(joined));
      if (method === 'DELETE' && path === `/api/team-orders/link/${TOKEN}/members/${MEMBER}`) {
        deletes.push(path);
        joined = false;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <TeamOrderMemberPage token={TOKEN} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(deletes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(await screen.findByTestId('team-order-left')).toHaveTextContent(/You have left the team order/);
  });
});
