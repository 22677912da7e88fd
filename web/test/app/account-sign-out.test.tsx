import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { AuthState } from '../../src/lib/auth/auth-session';
import { PageNotice } from '../../src/components/ui/page-notice';
import { pageNoticeOf } from '../../src/lib/page-notice-state';

// Signing out from "Your account" (its own button, the header's menu, or another tab) takes the
// shopper to the store with "You are signed out.", not to an empty account page.

const session = vi.hoisted(() => {
  let state: AuthState = {
    status: 'signed-in',
    user: { uid: 'u1', email: 'shopper@example.test', displayName: null, emailVerified: true, admin: false },
  };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: AuthState) {
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

vi.mock('../../src/lib/auth/auth-session', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    authSession: { load: async () => undefined, getState: session.get },
    useAuthState: () => useSyncExternalStore(session.subscribe, session.get),
  };
});
vi.mock('../../src/lib/auth/auth-actions', () => ({
  signOut: async () => session.set({ status: 'signed-out', user: null }),
}));
vi.mock('../../src/features/orders/components/account-orders', () => ({
  AccountOrders: () => <p>No orders yet.</p>,
}));
vi.mock('../../src/features/team-order/components/account-team-orders', () => ({
  AccountTeamOrders: () => null,
}));

describe('signing out from the account page', () => {
  test('lands on the store with a notice that says so', async () => {
    const { Component: Account } = await import('../../src/app/routes/account');
    const router = createMemoryRouter(
      [
        { path: '/account', element: <Account /> },
        { path: '/store', element: <h1>Store</h1> },
      ],
      { initialEntries: ['/store', '/account'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('button', { name: 'Sign out' });

    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());

    await waitFor(() => expect(router.state.location.pathname).toBe('/store'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(pageNoticeOf(router.state.location.state)).toBe('signed-out');
  });

  test('the notice reads the sentence and goes away when dismissed', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/store',
          element: (
            <>
              <PageNotice />
              <h1>Store</h1>
            </>
          ),
        },
      ],
      { initialEntries: [{ pathname: '/store', state: { pageNotice: 'signed-out' } }] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.signedOut);
    await act(async () => screen.getByRole('button', { name: 'Dismiss this notice' }).click());
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(pageNoticeOf(router.state.location.state)).toBeNull();
  });
});
