import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '@shop/shared/domain/identity';
import type { StorefrontProduct } from '@shop/shared/domain/product';
// @ts-expect-error plain ESM helper shared with the start script (node built-ins only)
import { freePort } from '../../scripts/lib/services.mjs';
import { ensureWebBuild } from '../e2e/helpers/web-build.js';
import { payOnHostedPage } from '../fixtures/hosted-payment.js';
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink.js';
import { startPrintfulSandbox, type PrintfulSandbox } from '../sandbox/printful/server.js';
import { startStripeSandbox, type StripeSandbox } from '../sandbox/stripe/server.js';
import { seedStorefront } from './faults/helpers/seed-catalog.js';
import { waitUntil } from './faults/helpers/wait.js';
import { TEST_SHIPPING } from '../fixtures/shipping-destination.js';
import { noProviderUrl } from '../fixtures/test-run-env.js';

// What Dockerfile.api and Dockerfile.worker do, without Docker: the TypeScript compiled to dist/,
// production dependencies only installed into a fresh folder (from the local npm cache), and the
// compiled API and worker started there with NODE_ENV=production and a complete configuration:
// live-mode keys pointed at the Stripe and Printful sandboxes, an https PUBLIC_URL, an SMTP sink,
// TRUST_PROXY. One guest buys a product; the same start with a secret missing refuses, naming it.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKSPACES = ['shared', 'api', 'worker', 'web', 'tests'];
const COMPILED = ['shared', 'api', 'worker'];
const NEVER = '0 0 1 1 *';

let dir: string;
let printful: PrintfulSandbox;
let stripe: StripeSandbox;
let smtp: SmtpSink;
let products: StorefrontProduct[];
let env: Record<string, string>;
let apiUrl: string;
const children: ChildProcess[] = [];

function run(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** A compiled entry point as the image's CMD starts it, with exactly `environment`. */
function start(entry: string, environment: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--conditions=compiled', entry], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += String(c)));
  child.stderr!.on('data', (c) => (output += String(c)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function call<T>(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${apiUrl}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-production-'));
  // The image's build stage: manifests, production dependencies only, compiled JavaScript.
  cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  cpSync(path.join(ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  for (const workspace of WORKSPACES) {
    mkdirSync(path.join(dir, workspace));
    cpSync(path.join(ROOT, workspace, 'package.json'), path.join(dir, workspace, 'package.json'));
  }
  // Installing (better-sqlite3 compiles) and compiling overlap, as independent build steps.
  const timed = async (step: Promise<void>) => {
    const started = Date.now();
    await step;
    return Date.now() - started;
  };
  const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
  const [installMs, buildMs] = await Promise.all([
    timed(
      run(
        'npm',
        [
          'ci',
          '--omit=dev',
          '--prefer-offline',
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
          '-w',
          'api',
          '-w',
          'worker',
          '-w',
          'shared',
          '--include-workspace-root=false',
        ],
        dir,
      ).then(() => {
        // The one native addon, compiled from source by its install script, takes minutes on a
        // busy machine (the image's build stage does it once and caches the layer); the same
        // version, already built for this Node in the checkout, is put in its place instead.
        const release = path.join('node_modules', 'better-sqlite3', 'build', 'Release');
        mkdirSync(path.join(dir, release), { recursive: true });
        cpSync(path.join(ROOT, release, 'better_sqlite3.node'), path.join(dir, release, 'better_sqlite3.node'));
      }),
    ),
    timed(
      Promise.all(
        COMPILED.map((workspace) =>
          run(
            tsc,
            ['-p', path.join(ROOT, workspace, 'tsconfig.build.json'), '--outDir', path.join(dir, workspace, 'dist')],
            ROOT,
          ),
        ),
      ).then(() => undefined),
    ),
  ]);
  cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  // The built SPA with its pre-rendered pages and its SSR build, as the image copies web/dist.
  cpSync(ensureWebBuild(), path.join(dir, 'web', 'dist'), { recursive: true });
  console.info(`production smoke: npm ci --omit=dev took ${installMs} ms, tsc ${buildMs} ms (side by side)`);

  const port: number = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  const webhookSecret = `whsec_${randomUUID().replaceAll('-', '')}`;
  printful = await startPrintfulSandbox({ products: 4 });
  stripe = await startStripeSandbox({
    webhookUrl: `${apiUrl}/api/webhooks/stripe`,
    webhookSecret,
    acceptLiveKeys: true,
  });
  smtp = await startSmtpSink();
  const sqlitePath = path.join(dir, 'data', 'shop.db');
  mkdirSync(path.dirname(sqlitePath), { recursive: true });
  products = await seedStorefront(sqlitePath, printful, 2);

  env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'https://shop.example.test',
    TRUST_PROXY: '1',
    DATA_BACKEND: 'sqlite',
    SQLITE_PATH: sqlitePath,
    WEB_DIST: path.join(dir, 'web', 'dist'),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `smoke-${randomUUID()}`,
    FIREBASE_PROJECT_ID: 'demo-studio-shop',
    FIREBASE_WEB_API_KEY: 'AIzaSyProductionSmokeTestKey',
    STRIPE_SECRET_KEY: `sk_live_${randomUUID().replaceAll('-', '')}`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    // The sandboxes speak http on loopback and send test-mode events: the guard's one opt-out.
    UNSAFE_SANDBOX_PROVIDERS: 'true',
    PRINTFUL_API_KEY: `pf-live-${randomUUID()}`,
    PRINTFUL_API_URL: printful.url,
    // No rates source answers: the worker's refresh keeps the last good rates (none here).
    CURRENCY_RATES_URL: noProviderUrl(),
    PRINTFUL_WEBHOOK_TOKEN: `${randomUUID()}${randomUUID()}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Studio Shop <shop@example.test>',
    SYNC_SCHEDULE: NEVER,
    FULL_SYNC_SCHEDULE: NEVER,
    LOG_LEVEL: 'info',
  };
}, 600_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await stripe?.close();
  await printful?.close();
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('refuses to start with a secret missing, naming it', async () => {
    const { STRIPE_WEBHOOK_SECRET: _omitted, ...withoutSecret } = env;
    const api = start('api/dist/server.js', withoutSecret);
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(/^ {2}- STRIPE_WEBHOOK_SECRET /m);
    const { SMTP_URL: _none, ...withoutSmtp } = env;
    const worker = start('worker/dist/index.js', withoutSmtp);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/^ {2}- SMTP_URL is not set/m);
  }, 60_000);

  it('renders the store and product pages on the server: its SSR build needs nothing the image lacks', async () => {
    // The image installs only the API's and shared's dependencies; the SSR build carries the rest.
    const port = String(await freePort());
    const base = `http://127.0.0.1:${port}`;
    const api = start('api/dist/server.js', { ...env, PORT: port });
    await waitUntil(
      async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.ok === true,
      60_000,
      () => `the API to be ready:\n${api.output().slice(-2000)}`,
    );
    const escape = (text: string) =>
      text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
    for (const page of ['/store', ...products.map((p) => `/store/product/${encodeURIComponent(p.id)}`)]) {
      const answer = await fetch(`${base}${page}`);
      expect(answer.status, page).toBe(200);
      const html = await answer.text();
      // Rendered on the server: the page's data block follows its root (the shell has neither).
      const stateAt = html.indexOf('<script type="application/json" id="prerender-state">');
      expect(stateAt, `${page} was answered with the shell`).toBeGreaterThan(0);
      const root = html.slice(html.indexOf('<div id="root">'), stateAt);
      const shown = page === '/store' ? products : products.filter((p) => page.endsWith(encodeURIComponent(p.id)));
      for (const product of shown) expect(root, page).toContain(escape(product.title));
    }
    expect(api.output()).not.toMatch(/server render (did not load|failed)/);
    api.child.kill('SIGTERM');
    await api.exited;
  }, 120_000);

  it('sells: a guest adds to the cart, pays on the hosted page, and the order is paid and confirmed by e-mail', async () => {
    const api = start('api/dist/server.js', env);
    const worker = start('worker/dist/index.js', env);
    await waitUntil(
      async () => (await fetch(`${apiUrl}/api/health/ready`).catch(() => null))?.ok === true,
      60_000,
      () => `the API to be ready:\n${api.output().slice(-2000)}`,
    );
    await waitUntil(
      () => worker.output().includes('worker ready'),
      60_000,
      () => `the worker:\n${worker.output().slice(-2000)}`,
    );

    const shopper = { 'x-guest-id': newGuestId(), 'x-forwarded-for': '198.51.100.23' };
    const [product] = products;
    const variant = product.variants[0];
    const added = await call('POST', '/api/cart/items', shopper, {
      productId: product.id,
      quantity: 1,
      size: variant.size,
      color: variant.color,
    });
    expect(added.status).toBe(200);
    const session = await call<{ id: string; url: string }>('POST', '/api/checkout/sessions', shopper, {
      // Where TEST_SHOPPER_ADDRESS, typed on the hosted page, is: an order paid elsewhere is held.
      shipping: TEST_SHIPPING,
    });
    expect(session.status).toBe(200);
    expect(session.body.url).toBe(`${stripe.url}/pay/${session.body.id}`);

    const back = await payOnHostedPage(session.body.url);
    expect(back).toBe(`https://shop.example.test/store/order-success?session_id=${session.body.id}`);

    let order: { status?: string } = {};
    await waitUntil(
      async () => {
        const answer = await call<{ status?: string }>('GET', `/api/orders/by-session/${session.body.id}`, shopper);
        order = answer.body;
        return order.status === 'paid';
      },
      60_000,
      () => `the order to be paid (last seen ${JSON.stringify(order)}):\n${worker.output().slice(-2000)}`,
    );
    await waitUntil(() => smtp.messages.length > 0, 60_000, 'the confirmation e-mail over SMTP');
    expect(smtp.messages[0].data).toContain('shop.example.test');
    expect(api.output()).not.toContain(env.STRIPE_SECRET_KEY);
    expect(worker.output()).not.toContain(env.STRIPE_SECRET_KEY);
  }, 180_000);
});
