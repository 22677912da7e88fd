import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { pageNoticeOf } from '../../src/lib/page-notice-state';

// The store's page for choosing a new password (/account/reset-password?oobCode=...), opened from
// the reset e-mail: each state the shopper can meet, with the identity provider stubbed.

const actions = vi.hoisted(() => ({
  checkPasswordResetCode: vi.fn<(code: string) => Promise<string>>(),
  resetPasswordAndSignIn: vi.fn<(code: string, email: string, password: string) => Promise<void>>(),
  sendPasswordReset: vi.fn<(email: string, returnTo?: string | null) => Promise<void>>(),
}));
vi.mock('../../src/lib/auth/auth-actions', () => ({
  ...actions,
  // No policy from the server: the default rule (6 characters) stands in.
  validatePassword: async () => Promise.reject(new Error('no policy')),
}));
vi.mock('../../src/lib/cart/use-cart', () => ({ useCartStore: () => ({}) }));

const providerError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

beforeEach(() => {
  actions.checkPasswordResetCode.mockReset().mockResolvedValue('ada@example.test');
  actions.resetPasswordAndSignIn.mockReset().mockResolvedValue(undefined);
  actions.sendPasswordReset.mockReset().mockResolvedValue(undefined);
});

async function open(address: string) {
  const { PasswordResetPage } = await import('../../src/features/auth/components/password-reset-page');
  const router = createMemoryRouter(
    [
      { path: '/account/reset-password', element: <PasswordResetPage /> },
      { path: '/account', element: <h1>Your account</h1> },
      { path: '/store/cart', element: <h1>Your cart</h1> },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function choose(password: string) {
  fireEvent.change(await screen.findByLabelText('New password'), { target: { value: password } });
  // Let the password check settle before sending.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(async () => {
    fireEvent.submit(screen.getByRole('form', { name: 'Choose a new password' }));
  });
}

describe('the page for choosing a new password', () => {
  test('names the account the link is for and lists the password rules as they are met', async () => {
    await open('/account/reset-password?oobCode=good-code');
    expect(await screen.findByTestId('reset-email')).toHaveTextContent('ada@example.test');
    expect(actions.checkPasswordResetCode).toHaveBeenCalledWith('good-code');
    const rule = screen.getByText('At least 6 characters').closest('li')!;
    expect(rule).toHaveAttribute('data-met', 'false');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'long enough' } });
    await waitFor(() => expect(rule).toHaveAttribute('data-met', 'true'));
  });

  test('refuses a password that breaks the rules, without spending the link', async () => {
    await open('/account/reset-password?oobCode=good-code');
    await choose('short');
    expect(screen.getByTestId('auth-error')).toHaveTextContent('The password does not meet the requirements');
    expect(actions.resetPasswordAndSignIn).not.toHaveBeenCalled();
  });

  test('saves the password, signs in and lands on the account with a notice', async () => {
    const router = await open('/account/reset-password?oobCode=good-code');
    await choose('a new password');
    expect(actions.resetPasswordAndSignIn).toHaveBeenCalledWith('good-code', 'ada@example.test', 'a new password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(pageNoticeOf(router.state.location.state)).toBe('password-changed');
  });

  test('lands on the page the shopper asked from, but never on another site', async () => {
    const back = await open('/account/reset-password?oobCode=good-code&next=%2Fstore%2Fcart');
    await choose('a new password');
    await waitFor(() => expect(back.state.location.pathname).toBe('/store/cart'));
  });

  test('does not follow a next address on another site', async () => {
    const away = await open('/account/reset-password?oobCode=good-code&next=%2F%2Fevil.example');
    await choose('a new password');
    await waitFor(() => expect(away.state.location.pathname).toBe('/account'));
  });

  test.each([
    ['an expired link', 'auth/expired-action-code', MESSAGES.passwordResetLinkExpired],
    ['a used or cut link', 'auth/invalid-action-code', MESSAGES.passwordResetLinkUsed],
  ])('says so for %s and sends a new one from the page', async (_what, code, sentence) => {
    actions.checkPasswordResetCode.mockRejectedValue(providerError(code));
    await open('/account/reset-password?oobCode=old-code');
    expect(await screen.findByTestId('reset-link-refused')).toHaveTextContent(sentence);
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: ' ada@example.test ' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: 'Ask for a new link' }));
    });
    expect(actions.sendPasswordReset).toHaveBeenCalledWith('ada@example.test');
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent(MESSAGES.passwordResetSent('ada@example.test'));
  });

  test('a link without its code says it is not complete', async () => {
    await open('/account/reset-password');
    expect(await screen.findByTestId('reset-link-refused')).toHaveTextContent(MESSAGES.passwordResetLinkUsed);
    expect(actions.checkPasswordResetCode).not.toHaveBeenCalled();
  });

  test('a link used up in another tab meanwhile turns into the same sentence on saving', async () => {
    actions.resetPasswordAndSignIn.mockRejectedValue(providerError('auth/invalid-action-code'));
    await open('/account/reset-password?oobCode=good-code');
    await choose('a new password');
    expect(await screen.findByTestId('reset-link-refused')).toHaveTextContent(MESSAGES.passwordResetLinkUsed);
  });
});
