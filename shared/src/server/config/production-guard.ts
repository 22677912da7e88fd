import {
  LOCAL_FIREBASE_WEB_API_KEY,
  LOCAL_PRINTFUL_WEBHOOK_TOKEN,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from './local-defaults.js';
import { cookieProbeProblem, type CookieProbeSetting } from './cookie-probe.js';

// DESIGN.md section 12.6: a production process refuses to start on settings that are public (the
// local defaults are in the repository), local (the emulator, http) or missing, and names each one.

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
}

const missingOrLocal = (name: string, value: string | undefined, local?: string): string | null => {
  if (!value) return `${name} is not set (required in production)`;
  if (value === local) return `${name} is the local default written in the repository; set this store's own value`;
  return null;
};

/** One line per problem; empty when the settings are fit for production (or not production). */
export function productionProblems(config: GuardedSettings): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems = [
    missingOrLocal('STRIPE_SECRET_KEY', config.STRIPE_SECRET_KEY, LOCAL_STRIPE_SECRET_KEY),
    missingOrLocal('STRIPE_WEBHOOK_SECRET', config.STRIPE_WEBHOOK_SECRET, LOCAL_STRIPE_WEBHOOK_SECRET),
    missingOrLocal('PRINTFUL_API_KEY', config.PRINTFUL_API_KEY),
    missingOrLocal('PRINTFUL_WEBHOOK_TOKEN', config.PRINTFUL_WEBHOOK_TOKEN, LOCAL_PRINTFUL_WEBHOOK_TOKEN),
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
