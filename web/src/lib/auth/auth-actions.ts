import type { PasswordValidationStatus } from 'firebase/auth';
import { passwordResetAcceptedSchema, welcomeAcceptedSchema } from '@shop/shared/schemas';
import { authSession } from './auth-session';

// What a shopper does with their identity: sign in, sign up, sign out, reset a password. Used by
// the sign-in, account and admin pages, which load it with their own code, so the first script of
// every page carries only the session itself (auth-session.ts).

export function signInWithEmail(email: string, password: string): Promise<void> {
  return authSession.change(({ auth, sdk }) => sdk.signInWithEmailAndPassword(auth, email, password));
}

export async function signUpWithEmail(email: string, password: string): Promise<void> {
  await authSession.change(({ auth, sdk }) => sdk.createUserWithEmailAndPassword(auth, email, password));
  // The welcome e-mail (the API sends it once per account). Not awaited: the new shopper goes on
  // at once, and a failure costs only that e-mail.
  void import('../api-client')
    .then(({ api }) => api.post('/account/welcome', { schema: welcomeAcceptedSchema }))
    .catch(() => undefined);
}

export function signInWithGoogle(): Promise<void> {
  return authSession.change(({ auth, sdk }) => sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider()));
}

export async function signOut(): Promise<void> {
  await authSession.change(({ auth, sdk }) => sdk.signOut(auth));
  // The queue dashboard's cookie carries the admin's token: it goes with the session.
  await import('../api-client').then(({ api }) => api.delete('/admin/session')).catch(() => undefined);
}

/**
 * Asks the store to e-mail a link to choose a new password (POST /api/auth/password-reset); the
 * link opens the store's own page (features/auth/components/password-reset-page.tsx). The answer
 * is the same whether or not the address has an account; `returnTo` is the page to land on after.
 */
export async function sendPasswordReset(email: string, returnTo?: string | null): Promise<void> {
  const { api } = await import('../api-client');
  const { formProblem } = await import('../api-error');
  try {
    await api.post('/auth/password-reset', {
      body: returnTo ? { email, returnTo } : { email },
      schema: passwordResetAcceptedSchema,
    });
  } catch (e) {
    // The field's own sentence ("Enter a valid e-mail address."), not the request's technical one.
    throw new Error(formProblem(e));
  }
}

/** The account a reset link's one-time code is for (its e-mail address); rejects a used, expired or malformed code. */
export async function checkPasswordResetCode(code: string): Promise<string> {
  const { auth, sdk } = await authSession.load();
  return sdk.verifyPasswordResetCode(auth, code);
}

/** Sets the new password with the link's code, then signs the shopper in with it. */
export async function resetPasswordAndSignIn(code: string, email: string, password: string): Promise<void> {
  const { auth, sdk } = await authSession.load();
  await sdk.confirmPasswordReset(auth, code, password);
  await authSession.change(({ auth: current, sdk: client }) =>
    client.signInWithEmailAndPassword(current, email, password),
  );
}

/** The signed-in user's ID token (for requests the API client cannot make, such as streams); null for guests. */
export async function idToken(): Promise<string | null> {
  if (authSession.getState().status !== 'signed-in') return null;
  const { auth } = await authSession.load();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** The identity server's password policy applied to a password (docs/rules.md#validation). */
export async function validatePassword(password: string): Promise<PasswordValidationStatus> {
  const { auth, sdk } = await authSession.load();
  return sdk.validatePassword(auth, password);
}
