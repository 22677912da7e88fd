// The third-party-cookie warning is shown only when something the visitor tried failed in a way
// blocked third-party cookies can cause (the identity provider's sign-in frames and windows).
// Browsing, the cart and payment need none, so a private window or Safari is not told "may not
// work" where everything works. A feature that meets such a failure reports it here; the warning
// listens.

export const COOKIE_DEPENDENT_FAILURE_EVENT = 'shop:cookie-dependent-failure';

const COOKIE_DEPENDENT_CODES = new Set([
  'auth/web-storage-unsupported',
  'auth/internal-error',
  'auth/network-request-failed',
]);

/** Tells the warning that `error` happened; it shows only if the browser does block the cookies. */
export function reportIfCookieDependent(error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && COOKIE_DEPENDENT_CODES.has(code))
    window.dispatchEvent(new CustomEvent(COOKIE_DEPENDENT_FAILURE_EVENT, { detail: { code } }));
}
