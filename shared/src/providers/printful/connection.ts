import { PRINTFUL_SANDBOX_TOKEN } from '../../constants/index.js';
import type { Config } from '../../server/config/index.js';

// Where Printful is and how a request proves who it is: the client and the configuration check
// both address Printful through these.

/** The base URL and credentials of a Printful connection. */
export interface PrintfulConnection {
  baseUrl: string;
  /** Bearer token; the sandbox accepts any. */
  apiKey: string;
  /** Sent as X-PF-Store-Id (needed with account-level tokens). */
  storeId?: string;
}

/** Printful's address and credentials as the environment sets them (docs/configuration.md#how-configuration-is-read). */
export function printfulConnection(config: Config): PrintfulConnection {
  return {
    baseUrl: config.PRINTFUL_API_URL,
    apiKey: config.PRINTFUL_API_KEY ?? PRINTFUL_SANDBOX_TOKEN,
    storeId: config.PRINTFUL_STORE_ID,
  };
}

/** The URL and headers of a request to `path`; the client and the configuration check both send these. */
export function printfulRequestTarget(
  { baseUrl, apiKey, storeId }: PrintfulConnection,
  path: string,
): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
  if (storeId) headers['X-PF-Store-Id'] = storeId;
  return { url: `${baseUrl.replace(/\/+$/, '')}${path}`, headers };
}
