// The stack `npm run test:images` runs (docs/operations.md#container-images): the containers'
// environment, and docker-compose on docker-compose.yml as an engine without a bridge runs it.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { run } from './docker-host.mjs';
import { ROOT } from './services.mjs';

const NEVER = '0 0 1 1 *';

/** The environment both containers get: production, live-shaped keys, loopback addresses only. */
export function stackEnv({ port, redisUrl, firestoreHost, printful, stripe, smtp, webhookSecret }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: 'https://shop.example.test',
    TRUST_PROXY: '1',
    DATA_BACKEND: 'firestore',
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_PROJECT_ID: 'demo-studio-shop',
    FIREBASE_WEB_API_KEY: 'AIzaSyImagesTestKey',
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: `images-${randomUUID()}`,
    STRIPE_SECRET_KEY: `sk_live_${randomUUID().replaceAll('-', '')}`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    // The sandboxes speak http on loopback and send test-mode events: the guard's one opt-out.
    UNSAFE_SANDBOX_PROVIDERS: 'true',
    PRINTFUL_API_KEY: `pf-live-${randomUUID()}`,
    PRINTFUL_API_URL: printful.url,
    PRINTFUL_WEBHOOK_TOKEN: `${randomUUID()}${randomUUID()}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Studio Shop <shop@example.test>',
    COOKIE_PROBE_ORIGIN: 'off',
    SYNC_SCHEDULE: NEVER,
    FULL_SYNC_SCHEDULE: NEVER,
    LOG_LEVEL: 'info',
  };
}

/**
 * docker-compose (Debian's 1.29) on docker-compose.yml as this machine runs it: the file read,
 * then only what an engine without a bridge needs changed: the API and the worker on the host's
 * network (where published ports do not apply: compose refuses both), the loopback Redis in place
 * of compose's own (Docker Hub's image), a free port in place of 3000 (the API's health check with
 * it). Everything else (images, environment, init, health checks, restart) is the file's. It is
 * written to a folder of its own, so no `.env` of the checkout is read; the variables compose
 * interpolates come from the stack's environment only.
 */
export function composeCommand(stack, work) {
  const { PORT, REDIS_URL, ...interpolated } = stack.env;
  const file = parseYaml(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'));
  delete file.services.redis;
  // Redis's volume goes with compose's Redis; the pictures' volume stays (the worker writes, the API reads).
  delete file.volumes['redis-data'];
  for (const name of ['api', 'worker']) {
    const service = file.services[name];
    delete service.depends_on;
    delete service.ports;
    service.network_mode = 'host';
    service.build.context = ROOT;
    service.environment = { ...service.environment, REDIS_URL };
  }
  const api = file.services.api;
  api.environment.PORT = PORT;
  api.healthcheck.test = api.healthcheck.test.map((part) => part.replace('127.0.0.1:3000', `127.0.0.1:${PORT}`));
  for (const key of Object.keys(file)) if (key.startsWith('x-')) delete file[key];
  const dir = path.join(work, 'compose');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'docker-compose.yml'), JSON.stringify(file, null, 2));
  const project = `shop-images-${process.pid}`;
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...interpolated };
  return (args) => run('docker-compose', ['-p', project, ...args], { cwd: dir, env });
}
