import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** The global fetch replaced by a stub that answers from a list, one entry per call; an Error is thrown. */
export function stubFetchQueue(...answers: Array<Response | Error>) {
  const stub = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('fetch stub: no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', stub);
  return stub;
}

export type FetchQueueStub = ReturnType<typeof stubFetchQueue>;
