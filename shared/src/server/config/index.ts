import { existsSync } from 'node:fs';
import path from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

// The one zod-validated configuration (DESIGN.md section 7). Nothing else reads process.env.
// Embedded defaults: local sandboxes and emulator; production sets the keys.

/** Fixed local secret shared by the Stripe sandbox and the API when STRIPE_WEBHOOK_SECRET is unset. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_sandbox_secret_do_not_use_in_production';
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_sandbox';
export const LOCAL_PRINTFUL_WEBHOOK_TOKEN = 'local-printful-webhook-token';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const url = (def: string) => z.preprocess(emptyAsUndefined, z.url({ error: 'expected a URL such as http://host:port' }).default(def));
const port = (def: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number({ error: 'expected a number' }).int().min(0).max(65535).default(def));

export const configSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: port(3000),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: url('http://localhost:3000'),
  DATA_BACKEND: z.preprocess(emptyAsUndefined, z.enum(['sqlite', 'firestore']).default('sqlite')),
  SQLITE_PATH: z.preprocess(emptyAsUndefined, z.string().default('data/shop.db')),
  FIREBASE_PROJECT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).default('demo-studio-shop')),
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  FIRESTORE_EMULATOR_HOST: optionalString,
  REDIS_URL: url('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^[A-Za-z0-9_-]+$/, { error: 'expected letters, digits, _ or -' }).default('shop'),
  ),
  // Unset: the real API when a key is set, else the local sandbox (see withProviderDefaults).
  PRINTFUL_API_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'expected a URL such as http://host:port' }).optional()),
  PRINTFUL_API_KEY: optionalString,
  PRINTFUL_STORE_ID: optionalString,
  PRINTFUL_RATE_LIMIT_PER_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(120)),
  PRINTFUL_WEBHOOK_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(8).default(LOCAL_PRINTFUL_WEBHOOK_TOKEN)),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(8).default(LOCAL_STRIPE_WEBHOOK_SECRET)),
  STRIPE_API_URL: url('http://127.0.0.1:3102'),
  STRIPE_PUBLISHABLE_KEY: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  // The Firebase web app's public API key (sent to the browser); the emulator accepts any value.
  FIREBASE_WEB_API_KEY: z.preprocess(emptyAsUndefined, z.string().default('emulator-web-api-key')),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('admin@studio.local')),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(6).default('admin-password')),
  SYNC_SCHEDULE: z.preprocess(emptyAsUndefined, z.string().default('0 * * * *')),
  FULL_SYNC_SCHEDULE: z.preprocess(emptyAsUndefined, z.string().default('30 3 * * *')),
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Studio Shop <shop@studio.local>')),
  OUTBOX_DIR: z.preprocess(emptyAsUndefined, z.string().default('data/outbox')),
  // Where the studio hears of failed, held and returned orders and disputes; also the support contact shoppers see.
  STUDIO_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('studio@studio.local')),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  METRICS_TOKEN: optionalString,
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().default('web/dist')),
  RATE_LIMIT_PER_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(600)),
});
export const PRINTFUL_LIVE_API_URL = 'https://api.printful.com';
export const PRINTFUL_SANDBOX_API_URL = 'http://127.0.0.1:3101';

type ParsedConfig = z.infer<typeof configSchema>;
export type Config = Omit<ParsedConfig, 'PRINTFUL_API_URL'> & { PRINTFUL_API_URL: string };

function withProviderDefaults(parsed: ParsedConfig): Config {
  return {
    ...parsed,
    PRINTFUL_API_URL: parsed.PRINTFUL_API_URL ?? (parsed.PRINTFUL_API_KEY ? PRINTFUL_LIVE_API_URL : PRINTFUL_SANDBOX_API_URL),
  };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws ConfigError naming each bad variable and what was expected. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return withProviderDefaults(result.data);
}

/** Loads `.env` (from the working directory, never overriding the real environment) and parses. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const file = path.resolve('.env');
  if (existsSync(file)) loadDotenv({ path: file, override: false, quiet: true });
  return parseConfig(env);
}

/** For process entry points: print the problem and exit 1 rather than a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/** Whether the providers are real or the local sandboxes (DESIGN.md section 2). */
export function providerModes(config: Config) {
  return {
    stripe: config.STRIPE_SECRET_KEY ? 'live' : 'sandbox',
    printful: config.PRINTFUL_API_KEY ? 'live' : 'sandbox',
  } as const;
}
