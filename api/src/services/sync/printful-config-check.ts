import { MESSAGES, PRINTFUL_SANDBOX_TOKEN } from '@shop/shared';
import { providerModes, type Config } from '@shop/shared/server/config';
import type { SyncConfigCheck } from '@shop/shared/schemas';

// "Is the product provider configured and reachable?" (spec section 7, config-check): one cheap
// GET /store/products?limit=1 with the configured credentials, the same request the sync starts
// with. The answer names where Printful was asked, never the key.

const CHECK_TIMEOUT_MS = 5_000;

function describeTarget(config: Config): string {
  const origin = new URL(config.PRINTFUL_API_URL).origin;
  return providerModes(config).printful === 'sandbox'
    ? `the practice catalogue at ${origin} (no Printful account is connected yet)`
    : `Printful at ${origin} with the studio's account`;
}

export async function checkPrintfulConfig(config: Config): Promise<SyncConfigCheck> {
  const where = describeTarget(config);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${config.PRINTFUL_API_KEY ?? PRINTFUL_SANDBOX_TOKEN}`,
    Accept: 'application/json',
  };
  if (config.PRINTFUL_STORE_ID) headers['X-PF-Store-Id'] = config.PRINTFUL_STORE_ID;
  const url = new URL(
    'store/products?limit=1',
    config.PRINTFUL_API_URL.endsWith('/') ? config.PRINTFUL_API_URL : `${config.PRINTFUL_API_URL}/`,
  );

  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.arrayBuffer();
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    const reason =
      err.name === 'TimeoutError' ? `no answer within ${CHECK_TIMEOUT_MS} ms` : (err.cause?.code ?? err.message);
    return { success: false, message: MESSAGES.printfulConfigUnreachable(where, reason) };
  }
  if (response.ok) return { success: true, message: MESSAGES.printfulConfigOk(where) };
  if (response.status === 401 || response.status === 403)
    return { success: false, message: MESSAGES.printfulConfigRejected(response.status) };
  return { success: false, message: MESSAGES.printfulConfigUnexpected(response.status) };
}
