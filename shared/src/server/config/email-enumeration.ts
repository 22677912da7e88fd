import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

// The store's own "Forgot password?" answers alike for every address, but the browser also talks
// to Firebase Auth directly with the public web key, and Firebase answers "no such account"
// (EMAIL_NOT_FOUND, createAuthUri's `registered`) unless the project's email enumeration
// protection is on. That is a setting of the Firebase project, not of this store, so check-config
// reads it where it can (with the Admin SDK's credentials) and names it either way.

export const EMAIL_ENUMERATION_STEP =
  'Firebase console > Authentication > Settings > User actions > Email enumeration protection';

export type EmailEnumerationProtection = 'on' | 'off' | 'unknown';

/** The project's setting, or 'unknown' when it cannot be read within `timeoutMs` (no credentials, offline). */
export async function readEmailEnumerationProtection(
  projectId: string,
  timeoutMs = 5000,
): Promise<{ state: EmailEnumerationProtection; reason?: string }> {
  const app = initializeApp({ projectId }, `check-config-${randomUUID()}`);
  try {
    const read = getAuth(app).projectConfigManager().getProjectConfig();
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref(),
    );
    const config = await Promise.race([read, timeout]);
    return { state: config.emailPrivacyConfig?.enableImprovedEmailPrivacy ? 'on' : 'off' };
  } catch (error) {
    return { state: 'unknown', reason: (error as Error).message.split('\n')[0] };
  } finally {
    await deleteApp(app).catch(() => undefined);
  }
}

/** check-config's line about the setting. */
export function emailEnumerationNotice(
  result: { state: EmailEnumerationProtection; reason?: string },
  production: boolean,
): string {
  if (result.state === 'on') return 'Firebase email enumeration protection: on';
  if (result.state === 'off')
    return `WARNING: Firebase email enumeration protection is off: Firebase's own sign-in endpoints tell anyone whether an e-mail has an account. Turn it on: ${EMAIL_ENUMERATION_STEP}`;
  return production
    ? `Firebase email enumeration protection could not be read (${result.reason ?? 'unknown'}): make sure it is on (${EMAIL_ENUMERATION_STEP})`
    : `In production, turn on Firebase email enumeration protection (${EMAIL_ENUMERATION_STEP})`;
}
