import { CHUNK_LOAD_TIMEOUT_MS, MESSAGES } from '@shop/shared';

// Route code is loaded on demand. A chunk that fails to arrive (a flaky network, or a deploy that
// removed the old file) is tried once more, then reported so the visitor can reload the page.
// Offline, a failure is no verdict: the load waits for the connection (the offline bar says why
// nothing happens) and is tried again when it returns, so the page arrives without a reload.

export class ChunkLoadError extends Error {
  readonly chunk: string;
  constructor(chunk: string, cause: unknown) {
    super(MESSAGES.chunkLoadFailed(chunk), { cause });
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Dispatched on window while a page's code waits for the connection (offline-navigation-notice.tsx). */
export const NEEDS_CONNECTION = 'needsconnection';

function backOnline(): Promise<void> {
  window.dispatchEvent(new Event(NEEDS_CONNECTION));
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

// A route's stylesheet is a <link> the bundler adds beside its chunk. One that failed (offline) is
// never asked for again by the browser, and the bundler counts it as present, so a retried route
// would be drawn unstyled: the failed links are noted here and replaced before the retry.
const failedStylesheets = new Set<HTMLLinkElement>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (link instanceof HTMLLinkElement && link.rel === 'stylesheet') failedStylesheets.add(link);
    },
    true,
  );
}

/** Asks again for each stylesheet that failed; settles once each has loaded or failed again. */
function reloadFailedStylesheets(): Promise<unknown> {
  const failed = [...failedStylesheets];
  failedStylesheets.clear();
  return Promise.all(
    failed
      .filter((link) => link.isConnected)
      .map(
        (link) =>
          new Promise<void>((resolve) => {
            const fresh = link.cloneNode() as HTMLLinkElement;
            fresh.addEventListener('load', () => resolve(), { once: true });
            fresh.addEventListener('error', () => resolve(), { once: true });
            link.replaceWith(fresh);
          }),
      ),
  );
}

export interface ChunkLoadOptions {
  timeoutMs?: number;
  retries?: number;
}

export async function importWithRetry<T>(
  chunk: string,
  importer: () => Promise<T>,
  options: ChunkLoadOptions = {},
): Promise<T> {
  const { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, retries = 1 } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await withTimeout(importer(), timeoutMs);
    } catch (e) {
      if (isOffline()) {
        await backOnline();
        await reloadFailedStylesheets();
        attempt = -1;
        continue;
      }
      if (attempt >= retries) throw new ChunkLoadError(chunk, e);
      await reloadFailedStylesheets();
    }
  }
}

/** A route's `lazy` that loads its module with one retry; the module exports `Component` etc. */
export function lazyRoute<T>(chunk: string, importer: () => Promise<T>): () => Promise<T> {
  return () => importWithRetry(chunk, importer);
}
