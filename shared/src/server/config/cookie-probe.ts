import { z } from 'zod';

// COOKIE_PROBE_ORIGIN: where the browser's third-party cookie check is framed from (spec: a banner
// when third-party cookies are blocked). A page sees only its own cookie jar, so the check needs
// a frame on another *site* that tries to keep a cookie and says whether it stuck:
// - an https origin: a second domain the studio points at this same server (production);
// - `loopback`: the other loopback name of the page's own address (localhost <-> 127.0.0.1),
//   which browsers treat as a different site, so a developer's store checks with no setup;
// - `off`: no check (only "all cookies refused" is then detected).
// Unset: `loopback` in development, `off` in test and production.

export const cookieProbeSchema = z.union(
  [z.enum(['off', 'loopback']), z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)],
  { error: 'expected off, loopback or an origin such as https://probe.example.com' },
);
export type CookieProbeSetting = z.infer<typeof cookieProbeSchema>;

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

export function defaultCookieProbe(nodeEnv: string): CookieProbeSetting {
  return nodeEnv === 'development' ? 'loopback' : 'off';
}

/** The origins a page may frame the check from; the page takes the first that is not its own host. */
export function cookieProbeOrigins(setting: CookieProbeSetting, publicUrl: string): string[] {
  if (setting === 'off') return [];
  if (setting !== 'loopback') return [setting];
  const site = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(site.hostname)) return [];
  return LOOPBACK_HOSTS.map((host) => `${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`);
}

/** A production problem with the setting, or null. */
export function cookieProbeProblem(setting: CookieProbeSetting, publicUrl: string): string | null {
  if (setting === 'off') return null;
  if (setting === 'loopback')
    return 'COOKIE_PROBE_ORIGIN is loopback, which is for development; set an https:// origin on another domain, or off';
  if (!setting.startsWith('https://'))
    return `COOKIE_PROBE_ORIGIN must be an https:// origin in production (it is ${setting})`;
  const probeHost = new URL(setting).hostname;
  const siteHost = new URL(publicUrl).hostname;
  const related = probeHost === siteHost || probeHost.endsWith(`.${siteHost}`) || siteHost.endsWith(`.${probeHost}`);
  // A subdomain of the shop is the same site to a browser, so its cookies would count as first-party.
  return related
    ? `COOKIE_PROBE_ORIGIN must be on another domain than PUBLIC_URL (${siteHost}), or the check sees first-party cookies`
    : null;
}

/** What `check-config` tells an operator about the check in production (not a problem: a notice), or null. */
export function cookieProbeNotice(setting: CookieProbeSetting, nodeEnv: string): string | null {
  if (nodeEnv !== 'production' || setting !== 'off') return null;
  return 'note: the third-party cookie warning is off (COOKIE_PROBE_ORIGIN unset or off): only browsers refusing all cookies see it; set COOKIE_PROBE_ORIGIN to an https:// origin on another domain to turn it on';
}
