import { existsSync } from 'node:fs';
import path from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';
import {
  LOCAL_FIREBASE_WEB_API_KEY,
  LOCAL_PRINTFUL_WEBHOOK_TOKEN,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  PRINTFUL_LIVE_API_URL,
  PRINTFUL_SANDBOX_API_URL,
  STRIPE_LIVE_API_URL,
  STRIPE_SANDBOX_API_URL,
} from './local-defaults.js';
import { SITE } from '../../pages/site.js';
import { DEFAULT_STUDIO_TIME_ZONE, isTimeZone } from '../../domain/time/index.js';
import { SANDBOX_OPT_OUT, productionProblems } from './production-guard.js';
import { trustProxySchema } from './trust-proxy.js';
import { cookieProbeSchema, defaultCookieProbe, type CookieProbeSetting } from './cookie-probe.js';

export * from './local-defaults.js';
export { MIN_SECRET_LENGTH, SANDBOX_OPT_OUT, productionProblems } from './production-guard.js';
export type { TrustProxy } from './trust-proxy.js';
export { cookieProbeNotice, cookieProbeOrigins, type CookieProbeSetting } from './cookie-probe.js';
import { booleanFlagSchema, fallbackMaxItemsSchema, flatRatesSchema } from './shipping-config.js';
import { keepOffTheMetadataServerOffGoogleCloud } from './metadata-detection.js';
import { RATES_LIVE_URL, RATES_SANDBOX_URL, currencyConfigShape } from './currency-config.js';
export { RATES_LIVE_URL, RATES_SANDBOX_URL } from './currency-config.js';

// The one zod-validated configuration (docs/configuration.md#how-configuration-is-read). Nothing else reads process.env.
// Embedded defaults: local sandboxes and emulator; production sets the keys.

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const url = (def: string) =>
  z.preprocess(emptyAsUndefined, z.url({ error: 'expected a URL such as http://host:port' }).default(def));
const port = (def: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number({ error: 'expected a number' }).int().min(0).max(65535).default(def));
/** A wait in minutes, fractions allowed, from none up to a week. */
const minutesUpToAWeek = (def: number) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .min(0)
      .max(7 * 24 * 60)
      .default(def),
  );

export const configSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: port(3000),
  // Unset: 127.0.0.1 while the Auth emulator (which accepts unsigned tokens) is in use, else 0.0.0.0.
  HOST: optionalString,
  // Unset: http://localhost:<PORT> (see withDerivedDefaults).
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'expected a URL such as http://host:port' }).optional()),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxySchema),
  // Unset: loopback in development, off elsewhere (see cookie-probe.ts).
  COOKIE_PROBE_ORIGIN: z.preprocess(emptyAsUndefined, cookieProbeSchema.optional()),
  DATA_BACKEND: z.preprocess(emptyAsUndefined, z.enum(['sqlite', 'firestore']).default('sqlite')),
  SQLITE_PATH: z.preprocess(emptyAsUndefined, z.string().default('data/shop.db')),
  FIREBASE_PROJECT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).default('demo-studio-shop')),
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  FIRESTORE_EMULATOR_HOST: optionalString,
  REDIS_URL: url('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'expected letters, digits, _ or -' })
      .default('shop'),
  ),
  // Unset: the real API when a key is set, else the local sandbox (see withProviderDefaults).
  PRINTFUL_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'expected a URL such as http://host:port' }).optional(),
  ),
  PRINTFUL_API_KEY: optionalString,
  PRINTFUL_STORE_ID: optionalString,
  PRINTFUL_RATE_LIMIT_PER_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(120)),
  PRINTFUL_WEBHOOK_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(8).default(LOCAL_PRINTFUL_WEBHOOK_TOKEN)),
  // Margin guard (docs/rules.md#money-at-checkout): a variant sells only at or above Printful's cost plus this percentage.
  MIN_MARGIN_PERCENT: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(1000).default(0)),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(8).default(LOCAL_STRIPE_WEBHOOK_SECRET)),
  // Unset: the real API when a key is set, else the local sandbox (see withDerivedDefaults).
  STRIPE_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ error: 'expected a URL such as http://host:port' }).optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_AUTOMATIC_TAX: booleanFlagSchema,
  // The sales report's estimate of Stripe's fee on each payment: this percentage plus a fixed amount in US dollars.
  STRIPE_FEE_PERCENT: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100).default(2.9)),
  STRIPE_FEE_FIXED: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100).default(0.3)),
  // The grace period before production (docs/after-payment.md#the-grace-period-before-production): minutes a paid order
  // waits at Printful as a draft, cancellable by the shopper; 0 sends it to print at once.
  ORDER_GRACE_MINUTES: minutesUpToAWeek(60),
  // The abandoned-checkout e-mail (docs/recovery.md): minutes after Stripe reports the checkout expired, sent
  // only to shoppers who agreed to hear from the shop; fractions allowed (0.05 is 3 seconds), at most a week.
  RECOVERY_DELAY_MINUTES: minutesUpToAWeek(60),
  SHIPPING_FLAT_RATES: flatRatesSchema,
  ...currencyConfigShape,
  SHIPPING_FALLBACK_MAX_ITEMS: fallbackMaxItemsSchema,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  // The Firebase web app's public API key (sent to the browser); the emulator accepts any value.
  FIREBASE_WEB_API_KEY: z.preprocess(emptyAsUndefined, z.string().default(LOCAL_FIREBASE_WEB_API_KEY)),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('admin@studio.local')),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(6).default('admin-password')),
  SYNC_SCHEDULE: z.preprocess(emptyAsUndefined, z.string().default('0 * * * *')),
  FULL_SYNC_SCHEDULE: z.preprocess(emptyAsUndefined, z.string().default('30 3 * * *')),
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default(`${SITE.name} <shop@studio.local>`)),
  OUTBOX_DIR: z.preprocess(emptyAsUndefined, z.string().default('data/outbox')),
  // Product pictures (docs/performance.md#product-pictures): `local` keeps the made pictures in PICTURES_DIR,
  // `off` leaves Printful's own URLs in the products. Unset: `local`, but `off` under NODE_ENV=test
  // (the suites sync often; the picture tests turn it on).
  PICTURE_STORE: z.preprocess(emptyAsUndefined, z.enum(['local', 'off']).optional()),
  PICTURES_DIR: z.preprocess(emptyAsUndefined, z.string().default('data/pictures')),
  // A Printful picture slower than this, larger than PICTURE_MAX_PIXELS or PICTURE_MAX_BYTES is not made: the product shows the placeholder.
  PICTURE_FETCH_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(15_000)),
  PICTURE_MAX_PIXELS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(40_000_000)),
  PICTURE_MAX_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(25_000_000)),
  // Where the studio hears of failed, held and returned orders and disputes; also the support contact shoppers see.
  STUDIO_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('studio@studio.local')),
  // The studio's own clock: every date the admin enters or reads (a code's end date, report months)
  // and every "ends on" a shopper reads is in this IANA zone; storage stays UTC.
  STUDIO_TIMEZONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isTimeZone, { error: 'expected an IANA time zone such as America/Los_Angeles' })
      .default(DEFAULT_STUDIO_TIME_ZONE),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  METRICS_TOKEN: optionalString,
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().default('web/dist')),
  RATE_LIMIT_PER_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(600)),
  // The production smoke test's one opt-out (docs/rules.md#production-for-real): http sandbox providers and test-mode
  // Stripe events in production. Never set on a real store; every start says so loudly.
  UNSAFE_SANDBOX_PROVIDERS: booleanFlagSchema,
  /** Live catalogue streams (GET /api/products/stream) one API process holds open, all clients together. */
  STREAM_MAX_CONNECTIONS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(500)),
  /** New guest carts one client address may start per 10 minutes (429 above). */
  GUEST_CARTS_PER_CLIENT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(20)),
  /** Live catalogue streams one client address may hold open at once (a few tabs). */
  STREAM_MAX_PER_CLIENT: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(6)),
});
export {
  DEFAULT_SHIPPING_FALLBACK_MAX_ITEMS,
  DEFAULT_SHIPPING_FLAT_RATES,
  flatRateFor,
  parseFlatRates,
  type FlatRate,
  type FlatRateTable,
} from './shipping-config.js';

type ParsedConfig = z.infer<typeof configSchema>;
type Derived = 'PRINTFUL_API_URL' | 'STRIPE_API_URL' | 'PUBLIC_URL' | 'HOST' | 'PICTURE_STORE' | 'CURRENCY_RATES_URL';
export type Config = Omit<ParsedConfig, Derived | 'COOKIE_PROBE_ORIGIN'> &
  Record<Exclude<Derived, 'PICTURE_STORE'>, string> & {
    COOKIE_PROBE_ORIGIN: CookieProbeSetting;
    PICTURE_STORE: 'local' | 'off';
  };

function withDerivedDefaults(parsed: ParsedConfig): Config {
  return {
    ...parsed,
    HOST: parsed.HOST ?? (parsed.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : '0.0.0.0'),
    // The page a developer opens is the port they chose (PORT=3300 npm start).
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    COOKIE_PROBE_ORIGIN: parsed.COOKIE_PROBE_ORIGIN ?? defaultCookieProbe(parsed.NODE_ENV),
    PICTURE_STORE: parsed.PICTURE_STORE ?? (parsed.NODE_ENV === 'test' ? 'off' : 'local'),
    PRINTFUL_API_URL:
      parsed.PRINTFUL_API_URL ?? (parsed.PRINTFUL_API_KEY ? PRINTFUL_LIVE_API_URL : PRINTFUL_SANDBOX_API_URL),
    STRIPE_API_URL: parsed.STRIPE_API_URL ?? (parsed.STRIPE_SECRET_KEY ? STRIPE_LIVE_API_URL : STRIPE_SANDBOX_API_URL),
    // Like the providers: the real source once the store takes real money, else the local sandbox.
    CURRENCY_RATES_URL: parsed.CURRENCY_RATES_URL ?? (parsed.STRIPE_SECRET_KEY ? RATES_LIVE_URL : RATES_SANDBOX_URL),
  };
}

export class ConfigError extends Error {
  constructor(
    readonly issues: string[],
    title = 'Invalid configuration',
  ) {
    super(`${title}:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws ConfigError naming each bad variable and what was expected. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return withDerivedDefaults(result.data);
}

/**
 * Loads `.env` (from the working directory, never overriding the real environment) and parses.
 * Every process entry point starts here, before any Google client runs: the metadata server is
 * asked only on Google Cloud (metadata-detection.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const file = path.resolve('.env');
  if (existsSync(file)) loadDotenv({ path: file, override: false, quiet: true });
  keepOffTheMetadataServerOffGoogleCloud(env);
  return parseConfig(env);
}

/**
 * What a process entry point starts with: parsed, and in production also checked for unsafe
 * settings (docs/rules.md#production-refuses-unsafe-settings). Throws ConfigError with one line per problem.
 */
export function loadStartupConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(env);
  const problems = productionProblems(config);
  if (problems.length > 0) throw new ConfigError(problems, 'Unsafe production configuration');
  return config;
}

/** What a production process accepts but must shout about at every start. */
export function productionWarnings(config: Config): string[] {
  if (config.NODE_ENV !== 'production' || !config.UNSAFE_SANDBOX_PROVIDERS) return [];
  return [
    `WARNING: ${SANDBOX_OPT_OUT}=true: this production process accepts http provider addresses (${config.STRIPE_API_URL}, ${config.PRINTFUL_API_URL}) and test-mode Stripe events. Only the production smoke test may set it; unset it on a real store.`,
  ];
}

/** For process entry points: print the problem and exit 1 rather than a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    const config = loadStartupConfig();
    for (const warning of productionWarnings(config)) console.warn(warning);
    return config;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Whether the providers are real or the local sandboxes (docs/architecture.md#real-parts-and-embedded-defaults). */
export function providerModes(config: Config) {
  return {
    stripe: config.STRIPE_SECRET_KEY ? 'live' : 'sandbox',
    printful: config.PRINTFUL_API_KEY ? 'live' : 'sandbox',
  } as const;
}
