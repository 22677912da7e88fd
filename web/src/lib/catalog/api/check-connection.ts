import { MESSAGES } from '@shop/shared';
import { api } from '../../api-client';

// The spec's connectivity probe (read at most one document) is the API's readiness check: it
// answers only when the document store and Redis do.

/** Null when the catalogue's backend answers; otherwise the reason, as the spec words it. */
export async function checkConnection(signal?: AbortSignal): Promise<string | null> {
  try {
    await api.get('/health/ready', { signal });
    return null;
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return (e instanceof Error && e.message) || MESSAGES.probeFailure;
  }
}
