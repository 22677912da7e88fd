import { AppError, MESSAGES } from '@shop/shared';

// One answer for every request that must reach the job queues: Redis down (or too slow, when a
// deadline is given) is 503 unavailable with the queue's message, never a 500 or a hung request.
// An AppError raised inside (a store read, say) keeps its own answer.

export interface QueueCallOptions {
  /** Give up after this long: Redis that accepts connections but never answers. */
  timeoutMs?: number;
  /** Runs before the 503 is thrown: to log the cause, or undo what the request already wrote. */
  onFailure?: (error: unknown) => void | Promise<void>;
}

export async function queueOrUnavailable<T>(
  call: () => Promise<T>,
  { timeoutMs, onFailure }: QueueCallOptions = {},
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    if (timeoutMs === undefined) return await call();
    return await Promise.race([
      call(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from Redis within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (e) {
    if (e instanceof AppError) throw e;
    await onFailure?.(e);
    throw new AppError('unavailable', MESSAGES.queueUnavailable);
  } finally {
    clearTimeout(timer);
  }
}
