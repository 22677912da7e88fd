import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@shop/shared/server/config';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The third-party cookie check (spec: the banner when third-party cookies are blocked): the page
// the SPA frames from COOKIE_PROBE_ORIGIN, which only the site may frame, and the origins the
// public configuration offers for it.

describe('third-party cookie check', () => {
  const apps: TestApp[] = [];
  const app = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('offers both loopback names to a developer store, and nothing when off', async () => {
    const loopback = await app({ COOKIE_PROBE_ORIGIN: 'loopback', PUBLIC_URL: 'http://localhost:3300' });
    const config = (await loopback.app.inject({ method: 'GET', url: '/api/config/public' })).json();
    expect(config.cookieProbeOrigins).toEqual(['http://127.0.0.1:3300', 'http://localhost:3300']);
    // Both loopback names may frame the check; an IPv6 literal is not a CSP source (Chrome says so
    // in the console of every page).
    const probe = await loopback.app.inject({ method: 'GET', url: '/cookie-probe' });
    expect(probe.headers['content-security-policy']).toMatch(
      /frame-ancestors http:\/\/localhost:3300 http:\/\/127\.0\.0\.1:3300$/,
    );
    const off = await app({ COOKIE_PROBE_ORIGIN: 'off' });
    expect((await off.app.inject({ method: 'GET', url: '/api/config/public' })).json().cookieProbeOrigins).toEqual([]);
  });

  it('lets the site frame the check, names the check origin in the pages the site serves', async () => {
    const t = await app({
      COOKIE_PROBE_ORIGIN: 'https://studio-probe.example.net/',
      PUBLIC_URL: 'https://shop.example.com',
    });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config/public' })).json();
    expect(config.cookieProbeOrigins).toEqual(['https://studio-probe.example.net']);

    const page = await t.app.inject({ method: 'GET', url: '/cookie-probe' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; frame-ancestors https://shop.example.com",
    );
    expect(page.body).toContain('<script src="/cookie-probe/check.js"></script>');

    const script = await t.app.inject({ method: 'GET', url: '/cookie-probe/check.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('SameSite=None; Secure');
    expect(script.body).toContain("'third-party-cookie-check'".replaceAll("'", '"'));

    // Every other answer keeps "same origin only" framing, and the pages may frame the check.
    const other = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(other.headers['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/studio-probe\.example\.net/);
  });

  it('refuses a setting that is neither off, loopback nor an http(s) origin', () => {
    expect(() => parseConfig({ COOKIE_PROBE_ORIGIN: 'sometimes' })).toThrow(
      /COOKIE_PROBE_ORIGIN: expected off, loopback or an origin/,
    );
    expect(parseConfig({ NODE_ENV: 'development' }).COOKIE_PROBE_ORIGIN).toBe('loopback');
    expect(parseConfig({ NODE_ENV: 'test' }).COOKIE_PROBE_ORIGIN).toBe('off');
    expect(parseConfig({ NODE_ENV: 'production' }).COOKIE_PROBE_ORIGIN).toBe('off');
  });
});
