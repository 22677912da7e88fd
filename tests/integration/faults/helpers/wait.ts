import { setTimeout as sleep } from 'node:timers/promises';

// Fault tests wait for a state, never for a time: poll a check until it holds, within a bound
// that keeps a broken case from hanging the suite. `what` may be a function, so that the error
// describes the last state seen.

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    }
    await sleep(25);
  }
}

/**
 * Reads until what is read (null: nothing yet) satisfies `done`, and resolves with it; the error
 * after `timeoutMs` shows the last value read.
 */
export async function readUntil<T>(
  read: () => Promise<T | null>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  let last: T | null = null;
  await waitUntil(
    async () => {
      last = await read();
      return last !== null && done(last);
    },
    timeoutMs,
    () => `${what} (last seen: ${JSON.stringify(last)})`,
  );
  return last as unknown as T;
}
