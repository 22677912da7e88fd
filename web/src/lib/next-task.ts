/**
 * Resolves in a later task, so the browser can paint and answer input in between: start-up work
 * split at these points never forms one long task on a phone.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
