import { describe, expect, test, vi } from 'vitest';
import { importWithRetry, isChunkLoadError } from '../../src/lib/chunk-loader';

describe('route chunk loading', () => {
  test('a chunk that fails once is fetched again and used', async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: 'page' });
    await expect(importWithRetry('about', importer)).resolves.toEqual({ Component: 'page' });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  test('offline, a chunk that fails waits for the connection and loads when it returns, with no error', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: 'product page' });
    let settled = false;
    const loading = importWithRetry('product', importer).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toEqual({ Component: 'product page' });
    online.mockRestore();
  });

  test("offline, a route's stylesheet that failed is fetched again when the connection returns, so the page arrives styled", async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const failed = document.createElement('link');
    failed.rel = 'stylesheet';
    failed.href = '/assets/cart-abc123.css';
    document.head.append(failed);
    failed.dispatchEvent(new Event('error'));
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new Error('Unable to preload CSS for /assets/cart-abc123.css'))
      .mockResolvedValue({ Component: 'cart page' });
    let settled = false;
    const loading = importWithRetry('cart', importer).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    // The browser never asks again for a link that failed: a new one takes its place.
    await vi.waitFor(() => expect(failed.isConnected).toBe(false));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/cart-abc123.css']);
    const fresh = links[0];
    // The page waits for it, so it is not drawn unstyled.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    fresh.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toEqual({ Component: 'cart page' });
    fresh.remove();
    online.mockRestore();
  });

  test('a chunk that fails twice raises "Loading chunk {n} failed"', async () => {
    const importer = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const error = await importWithRetry('about', importer).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as Error).message).toBe('Loading chunk about failed');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  test('a chunk that never arrives fails after the 120 s time-out', async () => {
    vi.useFakeTimers();
    const importer = vi.fn(() => new Promise(() => undefined));
    const pending = importWithRetry('blog', importer).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(((await pending) as Error).message).toBe('Loading chunk blog failed');
  });
});
