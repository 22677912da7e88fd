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
