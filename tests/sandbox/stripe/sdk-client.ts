import Stripe from 'stripe';
import type { StripeSandbox } from './server.js';

/**
 * The official Stripe SDK talking to a running sandbox with `secretKey`, as the sandbox's own tests
 * drive it: no retries (a test counts requests and deliveries) and no telemetry.
 */
export function sandboxSdk(sandbox: Pick<StripeSandbox, 'port'>, secretKey = 'sk_test_sandbox'): Stripe {
  return new Stripe(secretKey, {
    host: '127.0.0.1',
    port: sandbox.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
