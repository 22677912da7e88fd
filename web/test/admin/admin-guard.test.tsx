import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { AuthState } from '../../src/lib/auth/auth-session';
import { AdminGuard, type AdminSession } from '../../src/features/admin/components/admin-guard';
import { errorResponse, stubFetch } from '../cart/stubs';

const signedIn: AuthState = {
  status: 'signed-in',
  user: { uid: 'u1', email: 'shopper@example.test', displayName: null, emailVerified: true, admin: false },
};
const signedOut: AuthState = { status: 'signed-out', user: null };
const sessionStub = (state: AuthState): AdminSession => ({ load: async () => undefined, getState: () => state });

function renderAdmin(session: AdminSession) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      {
        path: '/admin/sync',
        element: (
          <AdminGuard from="/admin/sync" session={session}>
            {(check) => <p data-testid="admin-page">{check.message}</p>}
          </AdminGuard>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/', '/admin/sync'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('admin route', () => {
  test('a signed-out visitor is sent to /login, replacing the admin page in the history', async () => {
    const router = renderAdmin(sessionStub(signedOut));
    await waitFor(() => expect(screen.getByText('Login page')).toBeInTheDocument());
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: '/admin/sync' });
    // Back goes to the page before, not to the admin page again.
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByText('Home')).toBeInTheDocument());
  });

  test('a signed-in user who is not admin (the API answers 403) is sent to /login with replace', async () => {
    stubFetch(({ path }) =>
      path === '/api/admin/products/sync/config-check'
        ? errorResponse(403, 'permission-denied', MESSAGES.adminOnly)
        : undefined,
    );
    const router = renderAdmin(sessionStub(signedIn));
    // The API client retries a permission-denied GET twice (docs/contracts.md#errors) before the answer counts.
    await waitFor(() => expect(screen.getByText('Login page')).toBeInTheDocument(), { timeout: 6000 });
    expect(router.state.historyAction).toBe('REPLACE');
  }, 10_000);

  test("an admin sees 'Verifying access...' while checking, then the page", async () => {
    let answer: (r: Response) => void = () => undefined;
    const { fetchStub } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAdmin(sessionStub(signedIn));
    expect(await screen.findByText(MESSAGES.verifyingAccess)).toBeInTheDocument();
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    answer(
      new Response(JSON.stringify({ success: true, message: 'Printful sandbox reachable' }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByTestId('admin-page')).toHaveTextContent('Printful sandbox reachable');
  });
});
