import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import type { AuthState } from '../../src/lib/auth/auth-session';
import { pageNoticeOf } from '../../src/lib/page-notice-state';

// Sign-up does not end silently: the page it lands on greets the new account
// (components/ui/page-notice.tsx); a returning shopper's sign-in is not greeted.

const signedOut: AuthState = { status: 'signed-out', user: null };

vi.mock('../../src/lib/auth/auth-session', () => ({
  authSession: { load: async () => undefined, getState: () => signedOut, isAdmin: async () => false },
  useAuthState: () => signedOut,
}));
vi.mock('../../src/lib/auth/auth-actions', () => ({
  signInWithEmail: async () => undefined,
  signUpWithEmail: async () => undefined,
  signInWithGoogle: async () => undefined,
  signOut: async () => undefined,
  sendPasswordReset: async () => undefined,
  // No policy from the server: the default rule (6 characters) stands in.
  validatePassword: async () => Promise.reject(new Error('no policy')),
}));
vi.mock('../../src/lib/cart/use-cart', () => ({ useCartStore: () => ({}) }));

async function submit(mode: 'Sign in' | 'Create account') {
  const { LoginPage } = await import('../../src/features/auth/components/login-page');
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/store', element: <h1>Store</h1> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  if (mode === 'Create account') fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
  fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'new@example.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough 1' } });
  // Let the password check settle before sending.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(async () => {
    fireEvent.submit(screen.getByRole('form'));
  });
  await waitFor(() => expect(router.state.location.pathname).toBe('/store'));
  return router;
}

describe('after the account form', () => {
  test('a new account lands on the store with a welcome', async () => {
    const router = await submit('Create account');
    expect(pageNoticeOf(router.state.location.state)).toBe('welcome');
  });

  test('a returning shopper signing in is not greeted as new', async () => {
    const router = await submit('Sign in');
    expect(pageNoticeOf(router.state.location.state)).toBeNull();
  });
});
