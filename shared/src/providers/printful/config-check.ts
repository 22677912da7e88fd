import { MESSAGES } from '../../errors/index.js';
import type { SyncConfigCheck } from '../../schemas/index.js';
import { providerModes, type Config } from '../../server/config/index.js';
import { printfulConnection, printfulRequestTarget } from './connection.js';

// "Is the product provider configured and reachable?" (docs/rules.md#calls-to-other-services, config-check): one cheap
// GET /store/products?limit=1 with the configured credentials, the same request the sync starts
// with. It goes out once, unpaced and unretried, so the answer tells a network failure from a
// refused token. The answer is read by an operator on the sync page: it says in words which
// Printful was asked and why it failed, never an address, a setting's name or the key.

const CHECK_TIMEOUT_MS = 5_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function describeTarget(config: Config): string {
  if (providerModes(config).printful === 'sandbox')
    return 'the local Printful sandbox (no Printful account is connected yet)';
  return LOOPBACK_HOSTS.has(new URL(config.PRINTFUL_API_URL).hostname)
    ? 'the local Printful sandbox'
    : "Printful with the studio's account";
}

/** Why nothing usable came back, in words (the network's error code only when it is unusual). */
function unreachableReason(err: Error & { cause?: { code?: string } }): string {
  if (err.name === 'TimeoutError') return `no answer within ${CHECK_TIMEOUT_MS / 1000} seconds`;
  switch (err.cause?.code) {
    case 'ECONNREFUSED':
      return 'nothing answers there';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its address could not be found';
    case 'ECONNRESET':
      return 'the connection was cut';
    default:
      return `the connection failed (${err.cause?.code ?? err.message})`;
  }
}

export async function checkPrintfulConfig(config: Config): Promise<SyncConfigCheck> {
  const where = describeTarget(config);
  const { url, headers } = printfulRequestTarget(printfulConnection(config), '/store/products?limit=1');

  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    await response.arrayBuffer();
  } catch (e) {
    return {
      success: false,
      message: MESSAGES.printfulConfigUnreachable(where, unreachableReason(e as Error & { cause?: { code?: string } })),
    };
  }
  if (response.ok) return { success: true, message: MESSAGES.printfulConfigOk(where) };
  if (response.status === 401 || response.status === 403)
    return { success: false, message: MESSAGES.printfulConfigRejected(response.status) };
  return { success: false, message: MESSAGES.printfulConfigUnexpected(response.status) };
}
