import { COLLECTIONS } from '@shop/shared/server/collections';
import type { FullDocumentStore } from '@shop/shared/server/store';
import { createTestUser } from '../../../tests/fixtures/auth.js';

// The four kinds of caller the admin routes tell apart (docs/rules.md#roles-and-permissions), with real emulator tokens.

export interface AdminCallers {
  /** Admin by the `admin: true` custom claim. */
  claimAdmin: Record<string, string>;
  /** Admin by `users/{uid}.isAdmin === true`. */
  docAdmin: Record<string, string>;
  /** Signed in, not an admin. */
  shopper: Record<string, string>;
  signedOut: Record<string, string>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function adminCallers(
  store: FullDocumentStore,
): Promise<AdminCallers & { tokens: { claimAdmin: string }; emails: { claimAdmin: string } }> {
  const [claimAdmin, docAdmin, shopper] = await Promise.all([
    createTestUser({ claims: { admin: true } }),
    createTestUser(),
    createTestUser(),
  ]);
  await store.set(COLLECTIONS.users, docAdmin.uid, { isAdmin: true });
  return {
    claimAdmin: bearer(claimAdmin.token),
    docAdmin: bearer(docAdmin.token),
    shopper: bearer(shopper.token),
    signedOut: {},
    tokens: { claimAdmin: claimAdmin.token },
    emails: { claimAdmin: claimAdmin.email },
  };
}
