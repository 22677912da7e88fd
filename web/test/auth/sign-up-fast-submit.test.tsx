import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import type { AuthState } from '../../src/lib/auth/auth-session';

// The password rules are checked against the identity provider's policy as the shopper types, and
// that check answers a moment later. A shopper who types (or whose password manager fills) and
// sends at once was told "The password does not meet the requirements" for a password that met
// them, because the verdict on screen was still the one for the empty field.

const signedOut: AuthState = { status: 'signed-out', user: null };
const signUpWithEmail = vi.fn(async () => undefined);

vi.mock('../../src/lib/auth/auth-session', () => ({
  authSession: { load: async () => undefined, getState: () => signedOut, isAdmin: async () => false },
  useAuthState: () => signedOut,
}));
vi.mock('../../src/lib/auth/auth-actions', () => ({
  signInWithEmail: async () => undefined,
  signUpWithEmail,
  signInWithGoogle: async () => undefined,
  signOut: async () => undefined,
  sendPasswordReset: async () => undefined,
  // The server's policy (8 characters), answered after a network's moment.
  validatePassword: (password: string) =>
    new Promise((resolve) =>
      setTimeout(
        () =>
          resolve({
            isValid: password.length >= 8,
            meetsMinPasswordLength: password.length >= 8,
            passwordPolicy: { customStrengthOptions: { minPasswordLength: 8 } },
          }),
        30,
      ),
    ),
}));
vi.mock('../../src/lib/cart/use-cart', () => ({ useCartStore: () => ({}) }));

async function openSignUp() {
  const { LoginPage } = await import('../../src/features/auth/components/login-page');
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/store', element: <h1>Store</h1> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
  fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'new@example.test' } });
  return router;
}

describe('sign-up sent at once', () => {
  test('a password that meets the rules creates the account, though their check had not answered yet', async () => {
    const router = await openSignUp();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long enough 1' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/store'));
    expect(signUpWithEmail).toHaveBeenCalledWith('new@example.test', 'long enough 1');
    expect(screen.queryByText(/does not meet the requirements/)).not.toBeInTheDocument();
  });

  test('a password that does not is refused with the rules shown, and nothing is sent', async () => {
    signUpWithEmail.mockClear();
    const router = await openSignUp();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form'));
    });
    expect(await screen.findByText('The password does not meet the requirements listed below.')).toBeInTheDocument();
    expect(await screen.findByText('At least 8 characters')).toBeInTheDocument();
    expect(signUpWithEmail).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });
});
