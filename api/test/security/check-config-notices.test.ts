import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run check-config` tells the operator what a valid production configuration leaves off:
// without COOKIE_PROBE_ORIGIN the third-party cookie warning (docs/rules.md#screens-and-routes) never shows to
// browsers that block only third-party cookies (docs/rules.md#the-signed-in-shopper).

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_51ExampleExampleExampleExampleExample',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_example_secret_of_32_chars_or_more',
  PRINTFUL_API_KEY: 'pf_production_example_token',
  PRINTFUL_WEBHOOK_TOKEN: 'a-long-random-printful-token-of-32-characters',
  PUBLIC_URL: 'https://shop.example.com',
  FIREBASE_WEB_API_KEY: 'AIzaSyExampleExampleExample',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
};

function checkConfig(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/check-config.mjs'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FIREBASE_AUTH_EMULATOR_HOST: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('check-config notices', () => {
  it('says when the third-party cookie warning is off in production', async () => {
    const off = await checkConfig(PRODUCTION);
    expect(off.output).toMatch(/third-party cookie warning is off \(COOKIE_PROBE_ORIGIN unset or off\)/);
    const on = await checkConfig({ ...PRODUCTION, COOKIE_PROBE_ORIGIN: 'https://studio-probe.example.net' });
    expect(on.output).not.toMatch(/third-party cookie warning is off/);
  });

  it("names Firebase's email enumeration protection, which the store cannot switch on itself", async () => {
    // No Firebase credentials here: the setting cannot be read, so the operator is told to check it.
    const production = await checkConfig(PRODUCTION);
    expect(production.code).toBe(0);
    expect(production.output).toMatch(/Firebase email enumeration protection could not be read .*make sure it is on/);
    expect(production.output).toContain('Authentication > Settings > User actions > Email enumeration protection');
    const development = await checkConfig({});
    expect(development.output).toMatch(/In production, turn on Firebase email enumeration protection/);
  });
});
