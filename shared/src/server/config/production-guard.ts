import {
  LOCAL_FIREBASE_WEB_API_KEY,
  LOCAL_PRINTFUL_WEBHOOK_TOKEN,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from './local-defaults.js';
import { cookieProbeProblem, type CookieProbeSetting } from './cookie-probe.js';
import { coversPublicBroadly, isCatchAllProxy, type TrustProxy } from './trust-proxy.js';

// docs/rules.md#production-refuses-unsafe-settings and docs/rules.md#production-for-real: a production process refuses to start on settings that are
// public (the local defaults are in the repository), local (the emulator, http, test keys), weak
// (short secrets, a proxy trusted from anywhere) or missing, and names each one.

/** Webhook secrets and tokens shorter than this can be guessed (docs/rules.md#production-for-real). */
export const MIN_SECRET_LENGTH = 32;
/** The one opt-out, for the production smoke test against the local sandboxes; logged loudly. */
export const SANDBOX_OPT_OUT = 'UNSAFE_SANDBOX_PROVIDERS';

/** The settings the guard reads, as parsed (defaults applied). */
export interface GuardedSettings {
  NODE_ENV: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET: string;
  PRINTFUL_API_KEY?: string;
  PRINTFUL_WEBHOOK_TOKEN: string;
  PUBLIC_URL: string;
  FIREBASE_WEB_API_KEY: string;
  SMTP_URL?: string;
  FIREBASE_AUTH_EMULATOR_HOST?: string;
  COOKIE_PROBE_ORIGIN: CookieProbeSetting;
  STRIPE_API_URL: string;
  PRINTFUL_API_URL: string;
  TRUST_PROXY: TrustProxy;
  METRICS_TOKEN?: string;
  UNSAFE_SANDBOX_PROVIDERS: boolean;
  /** Where exchange rates come from (docs/rules.md#local-prices); a loopback sandbox is no source for a real shop. */
  CURRENCY_RATES_URL?: string;
}

const missingOrLocal = (name: string, value: string | undefined, local?: string): string | null => {
  if (!value) return `${name} is not set (required in production)`;
  if (value === local) return `${name} is the local default written in the repository; set this store's own value`;
  return null;
};

const liveStripeKey = (key: string | undefined): string | null =>
  !key || /^(sk|rk)_live_/.test(key)
    ? null
    : 'STRIPE_SECRET_KEY must be a live key (sk_live_... or rk_live_...) in production; a test key takes no real payments';

const longSecret = (name: string, value: string | undefined): string | null =>
  !value || value.length >= MIN_SECRET_LENGTH
    ? null
    : `${name} must be at least ${MIN_SECRET_LENGTH} characters in production (it has ${value.length}); generate one with: openssl rand -hex 32`;

// Without a key the address defaults to the sandbox; the missing key is the one problem to name.
const httpsProvider = (name: string, value: string, key: string | undefined, optOut: boolean): string | null =>
  !key || optOut || new URL(value).protocol === 'https:'
    ? null
    : `${name} must be an https:// address in production (it is ${new URL(value).origin}: a local sandbox?)`;

/**
 * The most proxies a hop count may trust (docs/rules.md#production-refuses-unsafe-settings): a CDN, a load balancer
 * and an ingress are three; a count beyond the real chain lets a client's own X-Forwarded-For
 * entries name its address.
 */
export const MAX_PROXY_HOPS = 5;

/** One line per problem; empty when the settings are fit for production (or not production). */
export function productionProblems(config: GuardedSettings): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const optOut = config.UNSAFE_SANDBOX_PROVIDERS;
  const problems = [
    missingOrLocal('STRIPE_SECRET_KEY', config.STRIPE_SECRET_KEY, LOCAL_STRIPE_SECRET_KEY) ??
      liveStripeKey(config.STRIPE_SECRET_KEY),
    missingOrLocal('STRIPE_WEBHOOK_SECRET', config.STRIPE_WEBHOOK_SECRET, LOCAL_STRIPE_WEBHOOK_SECRET) ??
      longSecret('STRIPE_WEBHOOK_SECRET', config.STRIPE_WEBHOOK_SECRET),
    httpsProvider('STRIPE_API_URL', config.STRIPE_API_URL, config.STRIPE_SECRET_KEY, optOut),
    missingOrLocal('PRINTFUL_API_KEY', config.PRINTFUL_API_KEY),
    httpsProvider('PRINTFUL_API_URL', config.PRINTFUL_API_URL, config.PRINTFUL_API_KEY, optOut),
    // Unset, the rates source follows the Stripe key (the real one with a key), so the key is named first.
    config.CURRENCY_RATES_URL === undefined
      ? null
      : httpsProvider('CURRENCY_RATES_URL', config.CURRENCY_RATES_URL, config.STRIPE_SECRET_KEY, optOut),
    missingOrLocal('PRINTFUL_WEBHOOK_TOKEN', config.PRINTFUL_WEBHOOK_TOKEN, LOCAL_PRINTFUL_WEBHOOK_TOKEN) ??
      longSecret('PRINTFUL_WEBHOOK_TOKEN', config.PRINTFUL_WEBHOOK_TOKEN),
    longSecret('METRICS_TOKEN', config.METRICS_TOKEN),
    typeof config.TRUST_PROXY === 'number' && config.TRUST_PROXY > MAX_PROXY_HOPS
      ? `TRUST_PROXY as a hop count must be 1 to ${MAX_PROXY_HOPS} (the proxies in front of the API; a CDN and a load balancer are 2), not ${config.TRUST_PROXY}: with more, a client names its own address`
      : isCatchAllProxy(config.TRUST_PROXY)
        ? 'TRUST_PROXY must name your proxy (a hop count, its address or its network), not a range that covers any address'
        : coversPublicBroadly(config.TRUST_PROXY)
          ? "TRUST_PROXY trusts more public addresses than any proxy needs (over a /10's worth of IPv4 or a /24's worth of IPv6 in all): name your proxies, their private network, or your CDN's published ranges"
          : null,
    new URL(config.PUBLIC_URL).protocol === 'https:'
      ? null
      : `PUBLIC_URL must be the site's https:// address in production (it is ${new URL(config.PUBLIC_URL).origin})`,
    missingOrLocal('FIREBASE_WEB_API_KEY', config.FIREBASE_WEB_API_KEY, LOCAL_FIREBASE_WEB_API_KEY),
    missingOrLocal('SMTP_URL', config.SMTP_URL),
    config.FIREBASE_AUTH_EMULATOR_HOST
      ? 'FIREBASE_AUTH_EMULATOR_HOST must be unset in production (the emulator accepts unsigned tokens)'
      : null,
    cookieProbeProblem(config.COOKIE_PROBE_ORIGIN, config.PUBLIC_URL),
  ];
  return problems.filter((p): p is string => p !== null);
}
