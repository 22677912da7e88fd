import { MESSAGES } from '@shop/shared';

// What a shopper reads for the identity provider's error codes (docs/contracts.md#errors lists them; how
// to present them is this product's choice).

const TEXT: Record<string, string> = {
  'auth/invalid-credential': 'The e-mail address or password is not right.',
  'auth/wrong-password': 'The e-mail address or password is not right.',
  'auth/user-not-found': 'The e-mail address or password is not right.',
  'auth/invalid-email': 'Enter a valid e-mail address.',
  'auth/missing-password': 'Enter your password.',
  'auth/email-already-in-use': 'An account with this e-mail address already exists. Sign in instead.',
  'auth/weak-password': 'The password does not meet the requirements listed below.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the requirements listed below.',
  'auth/too-many-requests': 'Too many attempts. Wait a moment, then try again.',
  'auth/network-request-failed': 'The sign-in service could not be reached. Check your connection and try again.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before you finished signing in.',
  'auth/cancelled-popup-request': 'The Google sign-in window was closed before you finished signing in.',
  'auth/unauthorized-domain': 'Google sign-in is not enabled for this web address.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled.',
  'auth/user-disabled': 'This account has been disabled.',
};

/**
 * Sign-up reads some codes differently: with email-enumeration protection on, Firebase answers an
 * address that already has an account with auth/invalid-credential, which on sign-up is no wrong
 * password. The sentence tells what to do without saying whether the account exists
 * (docs/limits.md#account-enumeration); with protection off Firebase says email-already-in-use
 * itself, and so does the store.
 */
const SIGN_UP_TEXT: Record<string, string> = {
  'auth/invalid-credential': MESSAGES.signUpNotCreated,
};

export type AuthAction = 'sign-in' | 'sign-up' | 'reset';

export function describeAuthError(error: unknown, action: AuthAction = 'sign-in'): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    const text = (action === 'sign-up' ? SIGN_UP_TEXT[code] : undefined) ?? TEXT[code];
    if (text) return text;
    // Another of the provider's codes: its own text is written for developers ("Firebase: Error (auth/...)").
    if (code.startsWith('auth/')) return action === 'sign-up' ? MESSAGES.signUpFailed : MESSAGES.signInFailed;
  }
  return error instanceof Error && error.message ? error.message : MESSAGES.signInFailed;
}

/**
 * A reset link's one-time code the identity provider refused: expired (links work for an hour), or
 * used, cut short or for an account that is gone. Null for any other failure, which the page
 * reports as such, keeping the link.
 */
export function describeResetLinkError(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'auth/expired-action-code') return MESSAGES.passwordResetLinkExpired;
  if (code === 'auth/invalid-action-code' || code === 'auth/user-not-found' || code === 'auth/user-disabled')
    return MESSAGES.passwordResetLinkUsed;
  return null;
}
