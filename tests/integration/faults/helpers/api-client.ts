import { newGuestId } from '@shop/shared/domain/identity';

// What the fault tests ask of the API over HTTP, as the SPA does: JSON in, status and JSON out.

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface ErrorAnswer {
  error: { code: string; message: string };
}

export type ApiCall = <T = unknown>(
  method: string,
  route: string,
  options?: { headers?: Record<string, string>; body?: unknown },
) => Promise<ApiAnswer<T>>;

export function apiClient(baseUrl: string): ApiCall {
  return async (method, route, { headers = {}, body } = {}) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A request that hangs is a failure of its own; this bound keeps the suite self-stopping.
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  };
}

export function guestHeaders(): Record<string, string> {
  return { 'x-guest-id': newGuestId() };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
