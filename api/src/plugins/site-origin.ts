// Which origins are this site's (CORS, checkout return URLs): PUBLIC_URL's. A developer's store
// at http://localhost:3000 is just as much opened at http://127.0.0.1:3000 or http://[::1]:3000,
// so when PUBLIC_URL names a loopback host, the three loopback names count as one origin. A
// production PUBLIC_URL is an https public name (the config guard), where nothing changes.

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function loopbackKey(url: URL): string | null {
  return LOOPBACK_NAMES.has(url.hostname) ? `${url.protocol}//loopback:${url.port}` : null;
}

/** Whether `origin` (an Origin header or any URL) belongs to the site at `publicUrl`. */
export function isSiteOrigin(publicUrl: string, origin: string): boolean {
  let candidate: URL;
  try {
    candidate = new URL(origin);
  } catch {
    return false;
  }
  const site = new URL(publicUrl);
  if (candidate.origin === site.origin) return true;
  const siteKey = loopbackKey(site);
  return siteKey !== null && siteKey === loopbackKey(candidate);
}

/**
 * Every origin that counts as the site, as CSP source expressions (frame-ancestors). CSP's
 * host-source grammar has no IPv6 literals (Chrome logs an error for http://[::1]:3000 on every
 * page), so a developer store lists only its other two loopback names.
 */
export function siteOrigins(publicUrl: string): string[] {
  const site = new URL(publicUrl);
  if (loopbackKey(site) === null) return [site.origin];
  const port = site.port ? `:${site.port}` : '';
  return [...LOOPBACK_NAMES].filter((host) => !host.startsWith('[')).map((host) => `${site.protocol}//${host}${port}`);
}
