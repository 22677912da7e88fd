import { beforeEach, describe, expect, test, vi } from 'vitest';

// analytics.ts loads at most once per page, so each test gets a fresh copy of the module.
async function freshAnalytics() {
  vi.resetModules();
  return import('../../../src/features/privacy/analytics');
}

describe('analytics loading', () => {
  beforeEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete window.gtag;
    delete window.dataLayer;
  });

  test('does nothing without consent, even with an id', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    const { loadAnalytics } = await freshAnalytics();
    expect(await loadAnalytics('G-TEST123')).toBe('no-consent');
    localStorage.setItem('analytics-consent', 'false');
    expect(await loadAnalytics('G-TEST123')).toBe('no-consent');
    expect(fetchStub).not.toHaveBeenCalled();
    expect(document.querySelector('script')).toBeNull();
  });

  test('continues silently when no id is configured', async () => {
    localStorage.setItem('analytics-consent', 'true');
    const { loadAnalytics } = await freshAnalytics();
    expect(await loadAnalytics(undefined)).toBe('no-id');
    expect(document.querySelector('script')).toBeNull();
  });

  test('continues silently when the script host is blocked', async () => {
    localStorage.setItem('analytics-consent', 'true');
    const warn = vi.spyOn(console, 'warn');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { loadAnalytics } = await freshAnalytics();
    expect(await loadAnalytics('G-TEST123')).toBe('unreachable');
    expect(document.querySelector('script')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  test('with consent, an id and a reachable host, adds the script and configures it', async () => {
    localStorage.setItem('analytics-consent', 'true');
    const fetchStub = vi.fn().mockResolvedValue(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchStub);
    const { loadAnalytics } = await freshAnalytics();
    const outcome = loadAnalytics('G-TEST123');
    await vi.waitFor(() => expect(document.querySelector('script[src*="googletagmanager"]')).not.toBeNull());
    const script = document.querySelector<HTMLScriptElement>('script[src*="googletagmanager"]')!;
    expect(script.src).toContain('id=G-TEST123');
    script.dispatchEvent(new Event('load'));
    expect(await outcome).toBe('loaded');
    expect(fetchStub.mock.calls[0][1]).toMatchObject({ method: 'HEAD' });
    expect(window.dataLayer).toContainEqual(['config', 'G-TEST123', { anonymize_ip: true }]);
  });
});
