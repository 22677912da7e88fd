import { describe, expect, test, vi } from 'vitest';
import { fetchWithFallback, probeReachability } from '../../src/lib/fetch-with-fallback';
import { jsonResponse, stubFetchQueue, type FetchQueueStub } from '../helpers/fetch-queue';

const urlsOf = (stub: FetchQueueStub) => stub.mock.calls.map(([url]) => url);
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

describe('fetchWithFallback', () => {
  test('returns parsed JSON from the first URL, marked as from the network', async () => {
    stubFetchQueue(jsonResponse({ products: [1, 2] }));
    const result = await fetchWithFallback('/api/products');
    expect(result).toEqual({ data: { products: [1, 2] }, source: 'network', url: '/api/products', online: true });
  });

  test('reads a non-JSON answer as text', async () => {
    stubFetchQueue(new Response('plain words', { headers: { 'content-type': 'text/plain' } }));
    const result = await fetchWithFallback<string>('/notes.txt');
    expect(result.data).toBe('plain words');
  });

  test('tries the URLs in order; an HTTP error moves on to the next URL without a retry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stub = stubFetchQueue(
      new Response('down', { status: 503, statusText: 'Service Unavailable' }),
      jsonResponse(['b']),
    );
    const result = await fetchWithFallback(['https://a.example/list', 'https://b.example/list']);
    expect(urlsOf(stub)).toEqual(['https://a.example/list', 'https://b.example/list']);
    expect(result).toMatchObject({ data: ['b'], source: 'network', url: 'https://b.example/list' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('HTTP error 503: Service Unavailable'));
  });

  test('retries a network failure twice, 1000 ms then 2000 ms later, with a timestamp on each retry', async () => {
    vi.useFakeTimers();
    const stub = stubFetchQueue(
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      jsonResponse({ ok: true }),
    );
    const pending = fetchWithFallback('/api/data?x=1');

    await vi.advanceTimersByTimeAsync(999);
    expect(stub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(stub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(stub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(stub).toHaveBeenCalledTimes(3);

    const result = await pending;
    expect(result.data).toEqual({ ok: true });
    const [first, second, third] = urlsOf(stub);
    expect(first).toBe('/api/data?x=1');
    expect(second).toMatch(/^\/api\/data\?x=1&_t=\d+$/);
    expect(third).toMatch(/^\/api\/data\?x=1&_t=\d+$/);
  });

  test.each(['Network request failed', 'Connection reset', 'Request timed out', 'connect ECONNREFUSED 127.0.0.1:9'])(
    'counts "%s" as network-like and retries it',
    async (message) => {
      vi.useFakeTimers();
      const stub = stubFetchQueue(new Error(message), jsonResponse('ok'));
      const pending = fetchWithFallback('/api/data');
      await vi.advanceTimersByTimeAsync(1000);
      expect((await pending).data).toBe('ok');
      expect(stub).toHaveBeenCalledTimes(2);
    },
  );

  test('after the last retry fails, the fallback is returned with the error and privacy flags', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stub = stubFetchQueue(
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
    );
    const pending = fetchWithFallback('/api/data', {}, {}, () => ['cached']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await pending).toEqual({
      data: ['cached'],
      source: 'fallback',
      url: null,
      online: true,
      error: 'Failed to fetch',
      privacyBlocked: false,
    });
    expect(stub).toHaveBeenCalledTimes(3);
  });

  test('an HTTP error with a fallback reports the status and status text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetchQueue(new Response('missing', { status: 404, statusText: 'Not Found' }));
    const result = await fetchWithFallback('/api/data', {}, {}, () => 'fallback');
    expect(result).toMatchObject({ data: 'fallback', source: 'fallback', error: 'HTTP error 404: Not Found' });
  });

  test('without a fallback, failing every URL raises "Failed to fetch from all provided URLs"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetchQueue(
      new Response('', { status: 500, statusText: 'Internal Server Error' }),
      new Response('', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(fetchWithFallback(['/a', '/b'])).rejects.toThrow('Failed to fetch from all provided URLs');
  });

  test('offline with a fallback returns the fallback marked offline, without any request', async () => {
    setOnline(false);
    const stub = stubFetchQueue();
    const result = await fetchWithFallback('/api/data', {}, {}, async () => ({ cached: true }));
    expect(result).toEqual({ data: { cached: true }, source: 'fallback', url: null, online: false });
    expect(stub).not.toHaveBeenCalled();
  });

  test('offline without a fallback raises the spec message', async () => {
    setOnline(false);
    stubFetchQueue();
    await expect(fetchWithFallback('/api/data')).rejects.toThrow('Device is offline and no fallback data is available');
  });

  test('a request blocked by a privacy feature is not retried and is reported as such', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stub = stubFetchQueue(new TypeError('net::ERR_BLOCKED_BY_CLIENT'));
    await expect(fetchWithFallback('/api/data')).rejects.toThrow('Request blocked by privacy features');
    expect(stub).toHaveBeenCalledTimes(1);

    stubFetchQueue(new TypeError('net::ERR_BLOCKED_BY_CLIENT'));
    const result = await fetchWithFallback('/api/data', {}, {}, () => null);
    expect(result).toMatchObject({ source: 'fallback', privacyBlocked: true });
  });

  test('a blocked analytics request is skipped silently and the next URL is used', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const stub = stubFetchQueue(new TypeError('Failed to fetch'), jsonResponse({ fine: true }));
    const result = await fetchWithFallback(['https://www.google-analytics.com/g/collect?v=2', '/api/data']);
    expect(result).toMatchObject({ data: { fine: true }, url: '/api/data' });
    expect(stub).toHaveBeenCalledTimes(2);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('probeReachability', () => {
  test('sends a HEAD request and reports a reachable host', async () => {
    const stub = stubFetchQueue(new Response(null, { status: 204 }));
    expect(await probeReachability('/api/health')).toEqual({ reachable: true, status: 204 });
    expect(stub.mock.calls[0][1]).toMatchObject({ method: 'HEAD' });
  });

  test('gives up after 3000 ms: "Request timed out"', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = probeReachability('/api/health');
    await vi.advanceTimersByTimeAsync(2999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ reachable: false, reason: 'timeout', message: 'Request timed out' });
  });

  test('a refused connection: "Connection refused"', async () => {
    stubFetchQueue(new TypeError('Failed to fetch'));
    expect(await probeReachability('/api/health')).toEqual({
      reachable: false,
      reason: 'refused',
      message: 'Connection refused',
    });
  });

  test('a privacy block: "Blocked by privacy features"', async () => {
    stubFetchQueue(new TypeError('net::ERR_BLOCKED_BY_CLIENT'));
    expect(await probeReachability('/api/health')).toEqual({
      reachable: false,
      reason: 'privacy',
      message: 'Blocked by privacy features',
    });
  });

  test('HTTP 400 on the live data channel: "Firestore WebChannel error (HTTP 400)"', async () => {
    stubFetchQueue(new Response(null, { status: 400 }));
    expect(await probeReachability('/api/products/stream')).toEqual({
      reachable: false,
      reason: 'webchannel',
      message: 'Firestore WebChannel error (HTTP 400)',
    });
  });

  test('a failed third-party request on Edge: tracking prevention', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36 Edg/130.0',
    );
    stubFetchQueue(new TypeError('Failed to fetch'));
    expect(await probeReachability('https://www.googletagmanager.com/gtag/js?id=G-1')).toEqual({
      reachable: false,
      reason: 'edge',
      message: 'Microsoft Edge tracking prevention may be blocking this request',
    });
  });
});
