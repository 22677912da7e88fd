import type { PasswordValidationStatus } from 'firebase/auth';
import { authSession } from './auth-session';

// What a shopper does with their identity: sign in, sign up, sign out, reset a password. Used by
// the sign-in, account and admin pages, which load it with their own code, so the first script of
// every page carries only the session itself (auth-session.ts).

export function signInWithEmail(email: string, password: string): Promise<void> {
  return authSession.change(({ auth, sdk }) => sdk.signInWithEmailAndPassword(auth, email, password));
}

export function signUpWithEmail(email: string, password: string): Promise<void> {
  return authSession.change(({ auth, sdk }) => sdk.createUserWithEmailAndPassword(auth, email, password));
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
 * Sends Firebase Auth's password-reset e-mail (in development, the Auth emulator keeps its
 * out-of-band code). An address without an account answers exactly as one with: whether an
 * account exists is not told to whoever types an address.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await authSession.load();
  try {
    await sdk.sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/login` });
  } catch (e) {
    if ((e as { code?: unknown }).code !== 'auth/user-not-found') throw e;
  }
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
