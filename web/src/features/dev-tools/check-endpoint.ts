import { MESSAGES, TEST_PAGE_ENDPOINT_TIMEOUT_MS, TEST_PAGE_RETRY_STATUSES } from '@shop/shared';

// One endpoint as the test pages probe it (docs/rules.md#constants-and-limits): 3 s per attempt, retried on the
// statuses 408, 429, 500, 502, 503, 504 and on time-outs, with a doubling pause between attempts.

export interface EndpointResult {
  status: number;
  attempts: number;
  ms: number;
  body: unknown;
}

export interface EndpointCheckOptions {
  retries: number;
  timeoutMs?: number;
  /** Pause before the first retry; doubles after each. */
  retryDelayMs?: number;
}

const RETRY_STATUSES: ReadonlySet<number> = new Set(TEST_PAGE_RETRY_STATUSES);

export class EndpointError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'EndpointError';
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attemptOnce(
  url: string,
  timeoutMs: number,
): Promise<{ status: number; body: unknown; statusText: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { cache: 'no-store', signal: controller.signal });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body, statusText: response.statusText };
  } catch (e) {
    if (controller.signal.aborted) return { status: 408, body: null, statusText: MESSAGES.probeTimeout };
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkEndpoint(
  url: string,
  { retries, timeoutMs = TEST_PAGE_ENDPOINT_TIMEOUT_MS, retryDelayMs = 500 }: EndpointCheckOptions,
): Promise<EndpointResult> {
  const started = performance.now();
  let delay = retryDelayMs;
  for (let attempt = 1; ; attempt++) {
    let outcome: Awaited<ReturnType<typeof attemptOnce>>;
    try {
      outcome = await attemptOnce(url, timeoutMs);
    } catch (e) {
      // No answer at all: refused, or blocked by the browser (this page's connect-src, say).
      throw new EndpointError(`${MESSAGES.probeRefused} or blocked: ${(e as Error).message}`, attempt);
    }
    const retryable = RETRY_STATUSES.has(outcome.status);
    if (!retryable || attempt > retries) {
      if (outcome.status >= 400)
        throw new EndpointError(
          `${MESSAGES.httpError(outcome.status, outcome.statusText)} after ${attempt} attempt(s)`,
          attempt,
        );
      return {
        status: outcome.status,
        attempts: attempt,
        ms: Math.round(performance.now() - started),
        body: outcome.body,
      };
    }
    await pause(delay);
    delay *= 2;
  }
}
