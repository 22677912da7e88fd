import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET_KEY, STRIPE_LIVE_API_URL, type Config } from '../../server/config/index.js';

// One Stripe client factory for the API (checkout sessions) and the worker (fulfilment). Without
// STRIPE_SECRET_KEY the official SDK talks to the Stripe sandbox at STRIPE_API_URL
// (docs/architecture.md#real-parts-and-embedded-defaults; docs/providers.md#stripe-sdk-and-sandbox), so the same code runs in both modes. A key
// with an explicit STRIPE_API_URL goes there too: the production smoke test runs live-mode
// settings against the sandbox.

export { Stripe };

/**
 * The API version this SDK release speaks. Webhook event shapes follow the endpoint's version, so
 * the Stripe webhook endpoint must be created with this one (`npm run check-config` prints it).
 */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

const STRIPE_TIMEOUT_MS = 20_000;

export interface StripeClientOptions {
  /** The SDK retries connection errors, 409 and 5xx; 0 in tests that count requests. */
  maxNetworkRetries?: number;
}

export function createStripeClient(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>,
  { maxNetworkRetries = 2 }: StripeClientOptions = {},
): Stripe {
  const common = { maxNetworkRetries, telemetry: false, timeout: STRIPE_TIMEOUT_MS };
  const url = new URL(config.STRIPE_API_URL);
  if (url.origin === STRIPE_LIVE_API_URL)
    return new Stripe(config.STRIPE_SECRET_KEY ?? LOCAL_STRIPE_SECRET_KEY, common);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(config.STRIPE_SECRET_KEY ?? LOCAL_STRIPE_SECRET_KEY, {
    ...common,
    host: url.hostname,
    port: Number(url.port || (protocol === 'https' ? 443 : 80)),
    protocol,
  });
}
