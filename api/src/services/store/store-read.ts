import { AppError, MESSAGES } from '@shop/shared';

/** Runs a store read for a request: a store failure is 503 unavailable, never a leaked 500. */
export async function storeRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('unavailable', MESSAGES.storeUnavailable);
  }
}
