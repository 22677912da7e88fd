#!/usr/bin/env node
// `npm start`: the whole store at http://localhost:3000 on the embedded defaults (docs/architecture.md#start-test-and-ci).
// Installs dependencies if needed, builds the SPA if stale, ensures Redis, starts the Auth emulator,
// the Printful and Stripe sandboxes (when no real keys are set), the API and the worker, seeds the
// admin account and the demo catalogue (through a real sync job), and prints the URL and login.
// Ctrl-C stops everything it started. `--dev` also runs Vite's dev server with hot reload.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ProcessGroup,
  ROOT,
  ensureRedis,
  httpOk,
  log,
  portInUse,
  startAuthEmulator,
  waitFor,
} from './lib/services.mjs';
import { prepare } from './lib/prepare.mjs';

const dev = process.argv.includes('--dev');
const group = new ProcessGroup();
let stopping = false;

function readDotenv() {
  const file = path.join(ROOT, '.env');
  if (!existsSync(file)) return {};
  const out = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m && !line.trim().startsWith('#')) out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping everything this script started...');
  await group.stopAll();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const tsx = (script) => ['--import', 'tsx', script];
// Where Redis and the Auth emulator keep their data; tests point it at a temporary folder.
const dataDir = process.env.SHOP_DATA_DIR ? path.resolve(process.env.SHOP_DATA_DIR) : path.join(ROOT, 'data');

async function main() {
  const env = { ...readDotenv(), ...process.env };
  const port = Number(env.PORT ?? 3000);
  if (await portInUse(port)) {
    console.error(
      `[shop] Port ${port} is already taken: is the store already running? Stop it, or set PORT to another port.`,
    );
    process.exit(1);
  }
  // Installs on a first run, builds the SPA when stale; the port is checked first, so a second
  // `npm start` says so at once. On a first run the SQLite driver may still be compiling: Redis,
  // the Auth emulator and the sandboxes start meanwhile, the API and worker once it is built.
  const { driver } = await prepare({ awaitDriver: false });

  const redis = await ensureRedis(group, {
    url: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: Number(new URL(env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || 6379),
    dataDir: path.join(dataDir, 'redis'),
  });
  log(`Redis: ${redis.url}${redis.started ? ' (started, data in data/redis)' : ''}`);

  const childEnv = { REDIS_URL: redis.url, PORT: String(port) };
  const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-studio-shop';
  if (!env.GOOGLE_APPLICATION_CREDENTIALS || env.FIREBASE_AUTH_EMULATOR_HOST) {
    const host = env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
    const authPort = Number(host.split(':')[1]);
    if (await httpOk(`http://${host}/`)) {
      log(`Firebase Auth emulator already running at ${host}`);
    } else {
      await startAuthEmulator(group, {
        port: authPort,
        projectId,
        dataDir: path.join(dataDir, 'auth'),
        workDir: path.join(dataDir, 'firebase'),
      });
      log(`Firebase Auth emulator: ${host} (accounts kept in data/auth)`);
    }
    Object.assign(childEnv, { FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId });
  }

  if (!env.PRINTFUL_API_KEY) {
    const url = env.PRINTFUL_API_URL ?? 'http://127.0.0.1:3101';
    group.start('printful-sandbox', process.execPath, tsx('tests/sandbox/printful/main.ts'), {
      env: {
        PRINTFUL_SANDBOX_PORT: new URL(url).port,
        PRINTFUL_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhooks/printful/${env.PRINTFUL_WEBHOOK_TOKEN ?? 'local-printful-webhook-token'}`,
      },
    });
    await waitFor(() => httpOk(`${url}/__sandbox/stats`), { what: 'Printful sandbox' });
    log(`Printful sandbox: ${url}`);
  }
  if (!env.STRIPE_SECRET_KEY) {
    const url = env.STRIPE_API_URL ?? 'http://127.0.0.1:3102';
    group.start('stripe-sandbox', process.execPath, tsx('tests/sandbox/stripe/main.ts'), {
      env: {
        STRIPE_SANDBOX_PORT: new URL(url).port,
        STRIPE_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhooks/stripe`,
        // The local account has Stripe Tax set up, so STRIPE_AUTOMATIC_TAX=true works here; set
        // STRIPE_SANDBOX_TAX_ACTIVATED=false to see how Stripe refuses it when it is not.
        STRIPE_SANDBOX_TAX_ACTIVATED: env.STRIPE_SANDBOX_TAX_ACTIVATED ?? 'true',
      },
    });
    await waitFor(() => httpOk(`${url}/__sandbox/deliveries`), { what: 'Stripe sandbox' });
    log(`Stripe sandbox: ${url}`);
  }
  const ratesUrl = new URL(env.CURRENCY_RATES_URL ?? 'http://127.0.0.1:3103/v1/latest?base=USD');
  if (!env.STRIPE_SECRET_KEY && ['127.0.0.1', 'localhost'].includes(ratesUrl.hostname)) {
    // The exchange-rate source the worker's refresh reads locally (docs/rules.md#local-prices), on
    // the port CURRENCY_RATES_URL names when it names one on this machine, like the providers'.
    group.start('rates-sandbox', process.execPath, tsx('tests/sandbox/rates/main.ts'), {
      env: { RATES_SANDBOX_PORT: ratesUrl.port },
    });
    await waitFor(() => httpOk(`${ratesUrl.origin}/__sandbox/stats`), { what: 'rates sandbox' });
    log(`Rates sandbox: ${ratesUrl.origin}`);
  }

  const onCrash = (name) => (code) => {
    if (!stopping && code) {
      console.error(`[shop] ${name} exited with code ${code}; stopping.`);
      void stop(1);
    }
  };
  await driver;
  group.start('api', process.execPath, tsx('api/src/server.ts'), { env: childEnv, onExit: onCrash('api') });
  group.start('worker', process.execPath, tsx('worker/src/index.ts'), { env: childEnv, onExit: onCrash('worker') });
  await waitFor(() => httpOk(`http://127.0.0.1:${port}/api/health`), { what: 'API', timeoutMs: 60_000 });

  const seed = await import('./lib/seed.mjs');
  const admin = await seed.seedAdmin({ ...childEnv, ADMIN_EMAIL: env.ADMIN_EMAIL, ADMIN_PASSWORD: env.ADMIN_PASSWORD });
  await seed.seedCatalogue({ port, admin });

  if (dev) {
    group.start('vite', path.join(ROOT, 'node_modules', '.bin', 'vite'), ['--port', '5173'], {
      cwd: path.join(ROOT, 'web'),
    });
    log('Vite dev server with hot reload: http://localhost:5173');
  }
  console.log(`\n  Store:       http://localhost:${port}`);
  console.log(`  API docs:    http://localhost:${port}/api/docs`);
  console.log(`  Queues:      http://localhost:${port}/admin/queues (admin)`);
  console.log(`  ${seed.adminLoginLine(admin)}\n  Ctrl-C stops everything.\n`);
}

main().catch(async (e) => {
  console.error(`[shop] ${e.message}`);
  await stop(1);
});
