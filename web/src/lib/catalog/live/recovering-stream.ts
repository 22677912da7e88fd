import {
  DATABASE_NAME,
  LISTENER_BACKOFF_MULTIPLIER,
  LISTENER_INITIAL_DELAY_MS,
  LISTENER_MAX_DELAY_MS,
  LISTENER_MAX_RETRIES,
  MESSAGES,
} from '@shop/shared';

// The original product's recovering listener (docs/architecture.md#how-the-product-maps-onto-the-code) over Server-Sent
// Events. A dropped or unreachable stream is reopened with a growing delay (1000 ms x1.5, capped
// at 30 s); after 5 failed attempts the consumer gets the last good data and the failure. Data
// that cannot be read is not a connectivity problem and goes straight to the error callback.
// The browser's own EventSource reconnect is switched off (we close on error) so that these
// constants, not the browser's, decide the timing.

export type EventSourceFactory = (url: string) => EventSource;

export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  multiplier: number;
  maxDelayMs: number;
}

export const LISTENER_RETRY_POLICY: RetryPolicy = {
  maxRetries: LISTENER_MAX_RETRIES,
  initialDelayMs: LISTENER_INITIAL_DELAY_MS,
  multiplier: LISTENER_BACKOFF_MULTIPLIER,
  maxDelayMs: LISTENER_MAX_DELAY_MS,
};

/** Delay before reconnect attempt `attempt` (1-based). */
export function retryDelay(attempt: number, policy: RetryPolicy = LISTENER_RETRY_POLICY): number {
  return Math.min(policy.initialDelayMs * policy.multiplier ** (attempt - 1), policy.maxDelayMs);
}

export interface RecoveringStreamOptions<T> {
  /** Read at every (re)connect, so it can name what the consumer already holds. */
  url: string | (() => string);
  /** The SSE event name that carries data. */
  event: string;
  /** An event saying the data held is still current: the connection is healthy, nothing to apply. */
  unchangedEvent?: string;
  /** The server confirmed the data held (`unchanged`): nothing new to apply; `data` is what is held. */
  onUnchanged?: (data: T | null) => void;
  /** The id (SSE `id:`) of each data or unchanged event. */
  onEventId?: (id: string) => void;
  /** Reads one event's data; throwing means the data is unusable. */
  parse: (data: string) => T;
  onData: (data: T) => void;
  /** Unusable data: not retried. */
  onError: (error: Error) => void;
  /** A connectivity failure that will be retried after `delayMs`. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  /** Retries used up: the last good data (null if none ever arrived) and the failure. */
  onRetriesExhausted: (lastData: T | null, error: Error) => void;
  onOpen?: () => void;
  policy?: RetryPolicy;
  createEventSource?: EventSourceFactory;
}

export interface RecoveringStream {
  close(): void;
  /** Drops the current connection as a network failure would, so the recovery can be watched. */
  interrupt(): void;
}

const defaultFactory: EventSourceFactory = (url) => new EventSource(url);

export function openRecoveringStream<T>(options: RecoveringStreamOptions<T>): RecoveringStream {
  const policy = options.policy ?? LISTENER_RETRY_POLICY;
  const create = options.createEventSource ?? defaultFactory;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let lastData: T | null = null;
  let closed = false;

  const onMessage = (event: Event) => {
    let data: T;
    try {
      data = options.parse((event as MessageEvent<string>).data);
    } catch (e) {
      options.onError(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    attempt = 0;
    lastData = data;
    options.onEventId?.((event as MessageEvent<string>).lastEventId);
    options.onData(data);
  };

  const connectionLost = (reason: string) => {
    if (closed) return;
    source?.close();
    source = null;
    if (attempt >= policy.maxRetries) {
      closed = true;
      options.onRetriesExhausted(lastData, new Error(MESSAGES.retriesExhausted(DATABASE_NAME, attempt, reason)));
      return;
    }
    attempt += 1;
    const delayMs = retryDelay(attempt, policy);
    console.warn(
      `Live data stream interrupted (${reason}); reconnecting in ${delayMs} ms (attempt ${attempt} of ${policy.maxRetries}).`,
    );
    options.onRetry?.({ attempt, delayMs, reason });
    timer = setTimeout(connect, delayMs);
  };

  function connect() {
    timer = null;
    if (closed) return;
    let opened = false;
    const url = typeof options.url === 'string' ? options.url : options.url();
    const current = create(url);
    source = current;
    current.addEventListener('open', () => {
      opened = true;
      options.onOpen?.();
    });
    current.addEventListener(options.event, onMessage);
    if (options.unchangedEvent)
      current.addEventListener(options.unchangedEvent, (event) => {
        attempt = 0;
        options.onEventId?.((event as MessageEvent<string>).lastEventId);
        options.onUnchanged?.(lastData);
      });
    current.addEventListener('error', () => {
      if (source !== current) return;
      connectionLost(
        opened ? 'the connection to the live data stream was lost' : `could not open the live data stream at ${url}`,
      );
    });
  }

  connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      source?.close();
      source = null;
    },
    interrupt() {
      if (source) connectionLost('the connection was interrupted (simulated network error)');
    },
  };
}
