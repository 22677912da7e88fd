import { useSyncExternalStore } from 'react';
import { AUTH_SESSION_HINT_KEY } from '@shop/shared';
import { SESSION_HINT_CLASS } from '@shop/shared/pages';
import type { User } from 'firebase/auth';
import { setAuthTokenGetter } from '../api-token';
import { getGuestId } from '../guest-id';
import { readStorage, removeStorage, writeStorage } from '../storage';
import type { FirebaseAuthClient } from './firebase-client';

// Who is shopping: a guest (the guest id) or a signed-in Firebase user. The SDK is loaded only
// when a page needs sign-in, or when this browser had a session last time (a plain flag in local
// storage says so; the session itself stays in the SDK's own storage). Other features follow
// identity changes through the hooks (the cart saves before and merges after sign-in).

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  /** An admin as the API counts one (the claim or users/{uid}.isAdmin): offers the admin pages. */
  admin: boolean;
}

export type AuthState =
  { status: 'unknown'; user: null } | { status: 'signed-out'; user: null } | { status: 'signed-in'; user: SessionUser };

export interface IdentityHooks {
  /** Runs before sign-in or sign-out, under the identity that is about to end. */
  beforeChange(): Promise<void>;
  /** Runs once the new identity is in place; owners are `user:<uid>` or a guest id. */
  afterChange(from: string, to: string): Promise<void>;
}

function toSessionUser(user: User, admin: boolean): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, emailVerified: user.emailVerified, admin };
}

export const userOwner = (uid: string) => `user:${uid}`;

class AuthSession {
  private state: AuthState = readStorage(AUTH_SESSION_HINT_KEY)
    ? { status: 'unknown', user: null }
    : { status: 'signed-out', user: null };
  private readonly listeners = new Set<() => void>();
  private client: Promise<FirebaseAuthClient> | null = null;
  private hooks: IdentityHooks | null = null;
  /** The admin answer for the signed-in account (see adminOf). */
  private adminAnswer: { uid: string; answer: Promise<boolean> } | null = null;
  /** Set while this page signs in or out, so the SDK's own notice of it is not handled twice. */
  private changing = false;

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setIdentityHooks(hooks: IdentityHooks | null): void {
    this.hooks = hooks;
  }

  /** Whose cart and orders requests address right now. */
  owner(): string {
    return this.state.status === 'signed-in' ? userOwner(this.state.user.uid) : getGuestId();
  }

  /** Resolves once it is known whether someone is signed in. Loads the SDK only if a session may exist. */
  async ready(): Promise<void> {
    // A failed SDK load leaves the page signed out (see load): carry on as a guest.
    if (this.state.status === 'unknown') await this.load().catch(() => undefined);
  }

  /** Loads the SDK, restores any session and sends its ID token with every API request. */
  load(): Promise<FirebaseAuthClient> {
    this.client ??= this.connect().catch((e: unknown) => {
      this.client = null;
      // Without the SDK nobody can be signed in on this page; carry on as a guest.
      if (this.state.status === 'unknown') this.setState({ status: 'signed-out', user: null });
      throw e;
    });
    return this.client;
  }

  private async connect(): Promise<FirebaseAuthClient> {
    // The loader comes with the SDK it loads: the first script of a guest's page carries neither.
    const { loadFirebaseAuth } = await import('./firebase-client');
    const client = await loadFirebaseAuth();
    const { auth, sdk } = client;
    setAuthTokenGetter(() => (auth.currentUser ? auth.currentUser.getIdToken() : null));
    await auth.authStateReady();
    this.apply(auth.currentUser);
    sdk.onAuthStateChanged(auth, (user) => {
      const from = this.owner();
      this.apply(user);
      const to = this.owner();
      // Signed out in another tab, or the session expired: follow it.
      if (!this.changing && from !== to) void this.hooks?.afterChange(from, to);
    });
    return client;
  }

  private apply(user: User | null): void {
    if (user) {
      writeStorage(AUTH_SESSION_HINT_KEY, '1');
      const admin = this.state.status === 'signed-in' && this.state.user.uid === user.uid && this.state.user.admin;
      const next = toSessionUser(user, admin);
      const same = this.state.status === 'signed-in' && JSON.stringify(this.state.user) === JSON.stringify(next);
      if (!same) this.setState({ status: 'signed-in', user: next });
      void this.readAdmin(user);
    } else {
      removeStorage(AUTH_SESSION_HINT_KEY);
      if (this.state.status !== 'signed-out') this.setState({ status: 'signed-out', user: null });
    }
  }

  /**
   * Whether this account is an admin, as the API decides it: the token's claim says so at once;
   * without it the API is asked, since `users/{uid}.isAdmin` makes an admin too. Asked once per
   * account and page; a failed answer counts as not admin (the API still guards every admin route).
   */
  private adminOf(user: User): Promise<boolean> {
    if (this.adminAnswer?.uid !== user.uid) {
      const answer = user
        .getIdTokenResult()
        .then((token) => token.claims.admin === true)
        .catch(() => false)
        .then(async (claim) => claim || (await import('./account-role')).fetchIsAdmin())
        .catch(() => {
          // Asked again next time: a passing failure must not hide the admin pages for the page's life.
          if (this.adminAnswer?.answer === answer) this.adminAnswer = null;
          return false;
        });
      this.adminAnswer = { uid: user.uid, answer };
    }
    return this.adminAnswer.answer;
  }

  private async readAdmin(user: User): Promise<void> {
    const admin = await this.adminOf(user);
    const state = this.state;
    if (state.status === 'signed-in' && state.user.uid === user.uid && state.user.admin !== admin) {
      this.setState({ status: 'signed-in', user: { ...state.user, admin } });
    }
  }

  private setState(state: AuthState): void {
    this.state = state;
    // Known now: the header draws "Account" or "Sign in" itself (shared/src/pages/session-hint.ts).
    if (state.status !== 'unknown') document.documentElement.classList.remove(SESSION_HINT_CLASS);
    for (const listener of this.listeners) listener();
  }

  /**
   * Signs in or out through `action` (auth-actions.ts): the cart is saved under the identity that
   * ends and merged under the one that begins.
   */
  async change(action: (client: FirebaseAuthClient) => Promise<unknown>): Promise<void> {
    const client = await this.load();
    const from = this.owner();
    this.changing = true;
    try {
      await this.hooks?.beforeChange();
      await action(client);
      this.apply(client.auth.currentUser);
      const to = this.owner();
      if (from !== to) await this.hooks?.afterChange(from, to);
    } finally {
      this.changing = false;
    }
  }

  /** Whether the signed-in account is an admin (where signing in should land): the claim or the user document. */
  async isAdmin(): Promise<boolean> {
    const { auth } = await this.load();
    return auth.currentUser ? this.adminOf(auth.currentUser) : false;
  }
}

export const authSession = new AuthSession();

/** What the server rendered: it never sees a browser's session, so every page is served signed out. */
const SERVED_STATE: AuthState = { status: 'signed-out', user: null };
const servedState = (): AuthState => SERVED_STATE;

/**
 * The session as this page knows it. Hydration starts from the served (signed-out) state, so a
 * page loaded with a kept session matches the server's HTML instead of being redrawn, then
 * follows the session being restored.
 */
export function useAuthState(): AuthState {
  return useSyncExternalStore(authSession.subscribe, authSession.getState, servedState);
}
