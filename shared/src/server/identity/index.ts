import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { PASSWORD_RESET_CODE_PARAM } from '../../constants/password-reset.js';

// The identity provider's side of choosing a new password (docs/rules.md#validation). The store
// sends its own e-mail with a link to its own page, so only the one-time code of Firebase's link is
// used: Firebase's action page and e-mail template are not (docs/going-live.md). The Admin SDK
// makes the same link on the Auth emulator, so the local set-up sends a working e-mail too.

export interface IdentitySettings {
  FIREBASE_PROJECT_ID: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
}

export interface PasswordResetCodes {
  /** The one-time code for the account of `email`, or null when it has none. */
  codeFor(email: string): Promise<string | null>;
  close(): Promise<void>;
}

/** Firebase's answers for an address without an account (the Admin SDK's code and the REST one). */
const NO_ACCOUNT = new Set(['auth/user-not-found', 'auth/email-not-found']);

export function passwordResetCodes(settings: IdentitySettings): PasswordResetCodes {
  // firebase-admin reads the emulator's address from the environment only.
  if (settings.FIREBASE_AUTH_EMULATOR_HOST)
    process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.FIREBASE_AUTH_EMULATOR_HOST;
  let app: App | null = null;
  return {
    async codeFor(email) {
      app ??= initializeApp({ projectId: settings.FIREBASE_PROJECT_ID }, `password-reset-${randomUUID()}`);
      let link: string;
      try {
        link = await getAuth(app).generatePasswordResetLink(email);
      } catch (e) {
        if (NO_ACCOUNT.has((e as { code?: string }).code ?? '')) return null;
        throw e;
      }
      const code = new URL(link).searchParams.get(PASSWORD_RESET_CODE_PARAM);
      // Never the link itself in the message: it opens the account.
      if (!code) throw new Error('the identity provider made a reset link without a code');
      return code;
    },
    async close() {
      if (app) await deleteApp(app);
      app = null;
    },
  };
}
