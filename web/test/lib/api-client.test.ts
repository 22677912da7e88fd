import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { MESSAGES, STORAGE_KEYS } from '@shop/shared';
import { api, ApiError, setAuthTokenGetter } from '../../src/lib/api-client';
import { jsonResponse, stubFetchQueue, type FetchQueueStub } from '../helpers/fetch-queue';

const headersOf = (stub: FetchQueueStub, call = 0) => new Headers(stub.mock.calls[call][1]?.headers);

describe('api client', () => {
  test('creates and keeps a guest id, sent as X-Guest-Id', async () => {
    const stub = stubFetchQueue(jsonResponse({}), jsonResponse({}));
    await api.get('/cart');
    await api.get('/cart');
    const id = localStorage.getItem(STORAGE_KEYS.guestUserId);
    expect(id).toMatch(/^guest-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(headersOf(stub, 0).get('X-Guest-Id')).toBe(id);
    expect(headersOf(stub, 1).get('X-Guest-Id')).toBe(id);
  });

  test('sends a bearer token once a token getter is registered', async () => {
    const stub = stubFetchQueue(jsonResponse({}), jsonResponse({}));
    setAuthTokenGetter(async () => 'id-token-123');
    await api.get('/cart');
    setAuthTokenGetter(null);
    await api.get('/cart');
    expect(headersOf(stub, 0).get('Authorization')).toBe('Bearer id-token-123');
    expect(headersOf(stub, 1).get('Authorization')).toBeNull();
  });

  test('turns the API error body into an ApiError with code and status', async () => {
    stubFetchQueue(jsonResponse({ error: { code: 'not-found', message: 'Product not found in any collection' } }, 404));
    const error = await api.get('/products/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not-found', status: 404, message: 'Product not found in any collection' });
  });

  test("a success answer that is not a JSON object (a proxy's HTML page) is 'Response is not valid JSON object.'", async () => {
    const html = () => new Response('<!doctype html><p>Welcome</p>', { headers: { 'content-type': 'text/html' } });
    stubFetchQueue(html(), jsonResponse('just a string'));
    const schema = z.object({ ok: z.boolean() });
    await expect(api.get('/health', { schema })).rejects.toMatchObject({
      code: 'invalid-response',
      message: MESSAGES.responseNotJson,
    });
    await expect(api.get('/health', { schema })).rejects.toMatchObject({ message: MESSAGES.responseNotJson });
  });

  test('a not-found GET is final: no retry', async () => {
    const stub = stubFetchQueue(jsonResponse({ error: { code: 'not-found', message: 'gone' } }, 404));
    await expect(api.get('/blog/x')).rejects.toMatchObject({ code: 'not-found' });
    expect(stub).toHaveBeenCalledTimes(1);
  });

  test('a GET that fails with a retryable code is retried', async () => {
    vi.useFakeTimers();
    const stub = stubFetchQueue(
      jsonResponse({ error: { code: 'unavailable', message: 'busy' } }, 503),
      new TypeError('Failed to fetch'),
      jsonResponse({ ok: 1 }),
    );
    const pending = api.get('/products');
    await vi.advanceTimersByTimeAsync(3000);
    expect(await pending).toEqual({ ok: 1 });
    expect(stub).toHaveBeenCalledTimes(3);
  });

  test('a POST is never repeated', async () => {
    const stub = stubFetchQueue(new TypeError('Failed to fetch'));
    await expect(api.post('/quotes', { body: {} })).rejects.toMatchObject({
      code: 'network-request-failed',
      status: 0,
    });
    expect(stub).toHaveBeenCalledTimes(1);
  });

  test('a request with no answer for 70 s gives up with "Request timed out"', async () => {
    vi.useFakeTimers();
    const stub = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', stub);
    const answer = api.post('/cart/items', { body: {} }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(69_999);
    expect(stub.mock.calls[0][1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await answer) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('deadline-exceeded');
    expect(error.message).toBe('Request timed out');
    vi.useRealTimers();
  });
});
