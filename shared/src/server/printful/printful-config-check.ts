import { MESSAGES } from '../../errors/index.js';
import type { SyncConfigCheck } from '../../schemas/index.js';
import { providerModes, type Config } from '../config/index.js';
import { printfulConnection, printfulRequestTarget } from './printful-client.js';

// "Is the product provider configured and reachable?" (spec section 7, config-check): one cheap
// GET /store/products?limit=1 with the configured credentials, the same request the sync starts
// with. It goes out once, unpaced and unretried, so the answer tells a network failure from a
// refused token. The answer names where Printful was asked, never the key.

const CHECK_TIMEOUT_MS = 5_000;

function describeTarget(config: Config): string {
  const origin = new URL(config.PRINTFUL_API_URL).origin;
  return providerModes(config).printful === 'sandbox'
    ? `the practice catalogue at ${origin} (no Printful account is connected yet)`
    : `Printful at ${origin} with the studio's account`;
}

export async function checkPrintfulConfig(config: Config): Promise<SyncConfigCheck> {
  const where = describeTarget(config);
  const { url, headers } = printfulRequestTarget(printfulConnection(config), '/store/products?limit=1');

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
