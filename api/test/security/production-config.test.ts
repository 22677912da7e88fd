import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LOCAL_FIREBASE_WEB_API_KEY,
  LOCAL_PRINTFUL_WEBHOOK_TOKEN,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  parseConfig,
  productionProblems,
} from '@shop/shared/server/config';
import { STRIPE_API_VERSION } from '@shop/shared/providers/stripe';

// docs/rules.md#production-refuses-unsafe-settings: production refuses the repository's local defaults, missing secrets, a
// non-https PUBLIC_URL and the Auth emulator, naming each variable; check-config says the same.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A complete production configuration (values of the right shape, none of them the local ones). */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_51ExampleExampleExample',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_example_secret_0123456789abcdef',
  PRINTFUL_API_KEY: 'pf_production_example_token',
  PRINTFUL_WEBHOOK_TOKEN: 'a-long-random-printful-token-0123456789abcdef',
  PUBLIC_URL: 'https://shop.example.com',
  FIREBASE_WEB_API_KEY: 'AIzaSyExampleExampleExample',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
};
const problemsOf = (env: Record<string, string>) => productionProblems(parseConfig(env));

interface Run {
  code: number | null;
  output: string;
}

/** Runs a node entry point with exactly this environment (no emulator or .env from the test run). */
function run(args: string[], env: Record<string, string>, timeoutMs = 20_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FIREBASE_AUTH_EMULATOR_HOST: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Starts a node entry point and resolves with its output once `pattern` shows up; then stops it. */
function outputUntil(args: string[], env: Record<string, string>, pattern: RegExp, timeoutMs = 20_000) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', FIREBASE_AUTH_EMULATOR_HOST: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} printed no ${pattern} within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const seen = (chunk: unknown) => {
      output += String(chunk);
      if (!pattern.test(output)) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(output);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', () => {
      clearTimeout(timer);
      if (!pattern.test(output)) reject(new Error(`${args.join(' ')} exited without ${pattern}:\n${output}`));
    });
  });
}

describe('production configuration guard', () => {
  it('accepts a complete production configuration, and checks nothing outside production', () => {
    expect(problemsOf(SAFE)).toEqual([]);
    expect(problemsOf({})).toEqual([]);
  });

  it.each([
    ['STRIPE_SECRET_KEY', ''],
    ['STRIPE_SECRET_KEY', LOCAL_STRIPE_SECRET_KEY],
    ['STRIPE_WEBHOOK_SECRET', ''],
    ['STRIPE_WEBHOOK_SECRET', LOCAL_STRIPE_WEBHOOK_SECRET],
    ['PRINTFUL_API_KEY', ''],
    ['PRINTFUL_WEBHOOK_TOKEN', ''],
    ['PRINTFUL_WEBHOOK_TOKEN', LOCAL_PRINTFUL_WEBHOOK_TOKEN],
    ['PUBLIC_URL', ''],
    ['PUBLIC_URL', 'http://shop.example.com'],
    ['FIREBASE_WEB_API_KEY', ''],
    ['FIREBASE_WEB_API_KEY', LOCAL_FIREBASE_WEB_API_KEY],
    ['SMTP_URL', ''],
    ['FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'],
    ['COOKIE_PROBE_ORIGIN', 'loopback'],
    ['COOKIE_PROBE_ORIGIN', 'http://studio-probe.example.net'],
    ['COOKIE_PROBE_ORIGIN', 'https://probe.shop.example.com'],
    // docs/rules.md#production-for-real: test keys, sandbox providers, guessable secrets, a proxy trusted from anywhere.
    ['STRIPE_SECRET_KEY', 'sk_test_51ExampleExampleExample'],
    ['STRIPE_SECRET_KEY', 'rk_test_51ExampleExampleExample'],
    ['STRIPE_API_URL', 'http://127.0.0.1:3302'],
    ['PRINTFUL_API_URL', 'http://127.0.0.1:3301'],
    // docs/rules.md#local-prices: prices in other currencies follow real exchange rates.
    ['CURRENCY_RATES_URL', 'http://127.0.0.1:3103/v1/latest?base=USD'],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_12345678'],
    ['PRINTFUL_WEBHOOK_TOKEN', 'abcdefgh'],
    ['METRICS_TOKEN', 'short-metrics-token'],
    ['TRUST_PROXY', '0.0.0.0/0'],
    // A hop count beyond any real chain of proxies: the client's own entries would name it.
    ['TRUST_PROXY', '6'],
    ['TRUST_PROXY', '100'],
    ['TRUST_PROXY', '10.0.0.1, ::/0'],
    ['TRUST_PROXY', '0.0.0.0/1'],
    // IPv6 ranges that hold every IPv4 client as an IPv4-mapped address (::ffff:a.b.c.d).
    ['TRUST_PROXY', '::ffff:0:0/96'],
    ['TRUST_PROXY', '::/80'],
    ['TRUST_PROXY', '::ffff:0.0.0.0/100'],
    // Narrow entries that add up to much of the Internet: every IPv4 address in /8s, public /9s.
    ['TRUST_PROXY', Array.from({ length: 256 }, (_, i) => `${i}.0.0.0/8`).join(',')],
    ['TRUST_PROXY', '52.0.0.0/9,54.0.0.0/9'],
    ['TRUST_PROXY', '2600::/20'],
  ])('refuses %s=%j with one line naming it', (name, value) => {
    const problems = problemsOf({ ...SAFE, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} `));
  });

  it('accepts a hop count of 1 to 5', () => {
    for (const hops of ['1', '2', '5']) expect(problemsOf({ ...SAFE, TRUST_PROXY: hops }), hops).toEqual([]);
  });

  it('accepts restricted live keys, a named proxy network and long tokens', () => {
    expect(
      problemsOf({
        ...SAFE,
        STRIPE_SECRET_KEY: 'rk_live_51ExampleExampleExample',
        // A private network, and a CDN's published ranges (Cloudflare's, about 1.5 million addresses).
        TRUST_PROXY:
          '10.0.0.0/8,fd00::/16,::ffff:192.168.0.0/112,173.245.48.0/20,103.21.244.0/22,103.22.200.0/22,103.31.4.0/22,141.101.64.0/18,108.162.192.0/18,190.93.240.0/20,188.114.96.0/20,197.234.240.0/22,198.41.128.0/17,162.158.0.0/15,104.16.0.0/13,104.24.0.0/14,172.64.0.0/13,131.0.72.0/22,2400:cb00::/32,2606:4700::/32,2803:f800::/32,2405:b500::/32,2405:8100::/32,2a06:98c0::/29,2c0f:f248::/32',
        METRICS_TOKEN: 'm'.repeat(32),
      }),
    ).toEqual([]);
  });

  it('lets only the smoke test opt-out through to sandbox providers, and says so at every start', async () => {
    const sandboxed = { ...SAFE, STRIPE_API_URL: 'http://127.0.0.1:3302', PRINTFUL_API_URL: 'http://127.0.0.1:3301' };
    expect(problemsOf(sandboxed)).toHaveLength(2);
    expect(problemsOf({ ...sandboxed, UNSAFE_SANDBOX_PROVIDERS: 'true' })).toEqual([]);
    // The opt-out covers the provider addresses, nothing else.
    expect(problemsOf({ ...sandboxed, UNSAFE_SANDBOX_PROVIDERS: 'true', STRIPE_SECRET_KEY: 'sk_test_x' })).toHaveLength(
      1,
    );
    const checked = await run(['scripts/check-config.mjs'], { ...sandboxed, UNSAFE_SANDBOX_PROVIDERS: 'true' });
    expect(checked.code).toBe(0);
    expect(checked.output).toMatch(/^WARNING: UNSAFE_SANDBOX_PROVIDERS=true/m);
    // The API and the worker print it as they start (Redis unreachable here, so nothing else runs).
    const started = { ...sandboxed, UNSAFE_SANDBOX_PROVIDERS: 'true', REDIS_URL: 'redis://127.0.0.1:1', PORT: '0' };
    const warning = /^WARNING: UNSAFE_SANDBOX_PROVIDERS=true: .*test-mode Stripe events/m;
    for (const entry of ['api/src/server.ts', 'worker/src/index.ts'])
      expect(await outputUntil(['--import', 'tsx', entry], started, warning)).toMatch(warning);
  });

  it('accepts a third-party cookie check on another domain, and no check at all', () => {
    expect(problemsOf({ ...SAFE, COOKIE_PROBE_ORIGIN: 'https://studio-probe.example.net' })).toEqual([]);
    expect(problemsOf({ ...SAFE, COOKIE_PROBE_ORIGIN: 'off' })).toEqual([]);
  });

  it('stops the API at start on the local defaults, one line per variable, exit 1', async () => {
    const result = await run(['--import', 'tsx', 'api/src/server.ts'], { NODE_ENV: 'production', PORT: '0' });
    expect(result.code).toBe(1);
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'PRINTFUL_API_KEY',
      'PRINTFUL_WEBHOOK_TOKEN',
      'PUBLIC_URL',
      'FIREBASE_WEB_API_KEY',
      'SMTP_URL',
    ])
      expect(result.output).toMatch(new RegExp(`^  - ${name} `, 'm'));
    expect(result.output).not.toMatch(/listening/i);
  });

  it('stops the worker at start when the Auth emulator is configured in production', async () => {
    const result = await run(['--import', 'tsx', 'worker/src/index.ts'], {
      ...SAFE,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^ {2}- FIREBASE_AUTH_EMULATOR_HOST must be unset in production/m);
    expect(result.output).not.toMatch(/worker ready/);
  });

  it('npm run check-config gives the verdict without starting anything', async () => {
    const bad = await run(['scripts/check-config.mjs'], { ...SAFE, SMTP_URL: '' });
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/^ {2}- SMTP_URL is not set/m);
    const good = await run(['scripts/check-config.mjs'], SAFE);
    expect(good.output).toContain('configuration OK (NODE_ENV=production)');
    expect(good.output).toContain(`Stripe API version pinned by the SDK: ${STRIPE_API_VERSION}`);
    expect(good.output).not.toContain('WARNING');
    expect(good.code).toBe(0);
  });

  it("npm run check-config refuses the probe's configuration (test key, sandboxes, short secrets, open proxy), one line each", async () => {
    // Security review 2026-11-25: this configuration printed "configuration OK".
    const probe = await run(['scripts/check-config.mjs'], {
      ...SAFE,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_URL: 'http://127.0.0.1:3302',
      PRINTFUL_API_URL: 'http://127.0.0.1:3301',
      STRIPE_WEBHOOK_SECRET: 'whsec_12',
      PRINTFUL_WEBHOOK_TOKEN: '12345678',
      TRUST_PROXY: '0.0.0.0/0',
    });
    expect(probe.code).toBe(1);
    expect(probe.output).not.toContain('configuration OK');
    const lines = probe.output.split('\n').filter((line) => line.startsWith('  - '));
    const named = lines.map((line) => line.slice(4).split(' ')[0]);
    expect(named.sort()).toEqual(
      [
        'PRINTFUL_API_URL',
        'PRINTFUL_WEBHOOK_TOKEN',
        'STRIPE_API_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'TRUST_PROXY',
      ].sort(),
    );
  });
});
