#!/usr/bin/env node
// `npm run test:images` (not part of `npm test`; docs/operations.md#container-images): builds the
// production images and runs them as an operator would, on this machine, then stops everything it
// started. In turn:
//  1. Debian's docker.io, docker-compose, debootstrap and redis-server where missing; a Docker
//     engine (dockerd with no bridge and no iptables rules, started here when none runs);
//  2. the base image node:20-bookworm-slim, pulled, or stood in for (debootstrap + this Node);
//  3. Dockerfile.api and Dockerfile.worker built (host network: npm's registry only), their sizes
//     held to a bound; docker-compose.yml checked by Debian's docker-compose (1.29) and, where the
//     plugin exists, by Compose v2;
//  4. the stack on the host's loopback: Redis, Google's Firestore emulator, the Printful and Stripe
//     sandboxes and an SMTP sink here; the API and worker containers started by docker-compose
//     from docker-compose.yml (an override puts them on the host network, with that Redis), in
//     production mode under an init process;
//  5. checks: `check-config` in both images, /api/health, /api/health/ready, the SPA, a product
//     sync by the worker and the product list, a checkout paid in the Stripe sandbox that the worker
//     marks paid, and Docker's health checks of both containers.
// Run as root (it installs packages and may start dockerd). Prints each step's time.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepare } from './lib/prepare.mjs';
import {
  ProcessGroup,
  ROOT,
  freePort,
  localRedisArgs,
  redisAnswers,
  startFirestoreEmulator,
  waitFor,
} from './lib/services.mjs';
import {
  BASE_IMAGE,
  enginesMajor,
  ensureBaseImage,
  ensureDebianPackages,
  ensureDockerd,
  extraCertificateAuthorities,
  log,
  run,
  runShown,
} from './lib/docker-host.mjs';

// The checkout's dependencies (installed on a first run) for the sandboxes and the queue client
// run here; the images build their own. The SQLite driver, unused here, may compile meanwhile.
const { driver } = await prepare({ build: false, awaitDriver: false });
const { composeCommand, stackEnv } = await import('./lib/compose-stack.mjs');
const { register } = await import('tsx/esm/api');
register();
const { createQueues, createRedis, enqueueProductSync, QUEUES } = await import('@shop/shared/server/queues');
const { newGuestId } = await import('@shop/shared/domain/identity');
const { startPrintfulSandbox } = await import('../tests/sandbox/printful/server.ts');
const { startStripeSandbox } = await import('../tests/sandbox/stripe/server.ts');
const { startSmtpSink } = await import('../tests/fixtures/smtp-sink.ts');
const { payOnHostedPage } = await import('../tests/fixtures/hosted-payment.ts');
const { TEST_SHIPPING } = await import('../tests/fixtures/shipping-destination.ts');

// The images' bounds (uncompressed, as `docker images` shows them); measured sizes in
// docs/operations.md#container-images. The base image is about 185 MB of each.
export const IMAGES = {
  api: { tag: 'studio-shop-api:local', dockerfile: 'Dockerfile.api', maxMb: 400 },
  worker: { tag: 'studio-shop-worker:local', dockerfile: 'Dockerfile.worker', maxMb: 360 },
};

const started = Date.now();
const steps = [];
async function step(name, fn) {
  const t = Date.now();
  log(`${name}...`);
  const result = await fn();
  const s = Math.round((Date.now() - t) / 1000);
  steps.push(`${name}: ${s} s`);
  log(`${name}: done in ${s} s`);
  return result;
}

const group = new ProcessGroup();
const cleanups = [];
/** The running containers' ids by service, and the compose command that started them. */
const containers = {};
let composeStarted = null;
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-images-'));

function docker(args, options) {
  return run('docker', args, options);
}

async function stopEverything() {
  if (composeStarted) {
    try {
      composeStarted(['down', '--volumes', '--remove-orphans']);
    } catch (e) {
      log(`docker-compose down: ${e.message}`);
    }
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch((e) => log(`cleanup: ${e.message}`));
  await group.stopAll();
  rmSync(work, { recursive: true, force: true });
}

async function json(url, init) {
  const res = await fetch(url, {
    ...init,
    headers: { ...(init?.body ? { 'content-type': 'application/json' } : {}), ...init?.headers },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

function health(name) {
  return docker(['inspect', '-f', '{{.State.Health.Status}}', name]).trim();
}

async function main() {
  await step('Debian packages', () =>
    ensureDebianPackages({
      'docker.io': 'dockerd',
      'docker-compose': 'docker-compose',
      debootstrap: 'debootstrap',
      'redis-server': 'redis-server',
    }),
  );
  const engine = await step('Docker engine', () =>
    ensureDockerd({ logFile: path.join(os.tmpdir(), 'shop-dockerd.log') }),
  );
  cleanups.push(() => engine.stop());
  if (engine.started) log('dockerd started here (stopped at the end)');

  const how = await step(`base image ${BASE_IMAGE}`, () =>
    ensureBaseImage({ nodeMajor: enginesMajor(path.join(ROOT, 'package.json')) }),
  );
  log(`${BASE_IMAGE}: ${how}`);

  const ca = extraCertificateAuthorities();
  for (const [name, image] of Object.entries(IMAGES)) {
    await step(`build ${name} image`, () =>
      runShown(
        'docker',
        [
          'build',
          '--network',
          'host',
          '--build-arg',
          `NPM_EXTRA_CA=${ca}`,
          '-f',
          image.dockerfile,
          '-t',
          image.tag,
          '.',
        ],
        { cwd: ROOT, env: { ...process.env, DOCKER_BUILDKIT: '0' }, stdio: ['ignore', 'ignore', 'inherit'] },
      ),
    );
  }
  const sizes = {};
  for (const [name, image] of Object.entries(IMAGES)) {
    const mb = Math.round(Number(docker(['image', 'inspect', '-f', '{{.Size}}', image.tag]).trim()) / 1e6);
    sizes[name] = mb;
    log(`${image.tag}: ${mb} MB (bound ${image.maxMb} MB)`);
    if (mb > image.maxMb) throw new Error(`${image.tag} is ${mb} MB, over its bound of ${image.maxMb} MB`);
    const user = docker(['image', 'inspect', '-f', '{{.Config.User}}', image.tag]).trim();
    if (user !== 'node') throw new Error(`${image.tag} runs as "${user}", not node`);
    const check = docker(['image', 'inspect', '-f', '{{json .Config.Healthcheck}}', image.tag]).trim();
    if (check === 'null') throw new Error(`${image.tag} has no HEALTHCHECK`);
  }

  await step('compose file', () => {
    run('docker-compose', ['-f', 'docker-compose.yml', 'config', '--quiet'], { cwd: ROOT });
    if (run('sh', ['-c', 'docker compose version >/dev/null 2>&1 && echo yes || true']).trim() === 'yes') {
      run('docker', ['compose', '-f', 'docker-compose.yml', 'config', '--quiet'], { cwd: ROOT });
    } else log('Compose v2 (docker compose) is not installed here: checked with docker-compose 1.29 only');
  });

  const stack = await step('the stack on loopback', async () => {
    const redisPort = await freePort();
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    group.start('redis', 'redis-server', [...localRedisArgs(redisPort, work), '--save', '', '--appendonly', 'no'], {
      quiet: true,
    });
    await waitFor(() => redisAnswers(redisUrl), { what: 'redis-server', timeoutMs: 15_000 });
    const { host: firestoreHost } = await startFirestoreEmulator(group, { port: await freePort() });
    const port = await freePort();
    const webhookSecret = `whsec_${randomUUID().replaceAll('-', '')}`;
    const printful = await startPrintfulSandbox({});
    cleanups.push(() => printful.close());
    const stripe = await startStripeSandbox({
      webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`,
      webhookSecret,
      acceptLiveKeys: true,
    });
    cleanups.push(() => stripe.close());
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const env = stackEnv({ port, redisUrl, firestoreHost, printful, stripe, smtp, webhookSecret });
    return { env, port, printful, smtp, api: `http://127.0.0.1:${port}` };
  });

  // docker-compose.yml itself runs the images (the Go live steps), on the host's network, with the
  // loopback Redis and a free port in place of compose's Redis and port 3000 (composeCommand).
  const compose = composeCommand(stack, work);
  await step('check-config in both images', () => {
    for (const name of Object.keys(IMAGES)) {
      const out = compose(['run', '--rm', '--no-deps', '-T', name, 'node', 'scripts/check-config.mjs']);
      if (!out.includes('configuration OK (NODE_ENV=production)')) throw new Error(`check-config in ${name}:\n${out}`);
    }
  });

  await step('API and worker containers ready', async () => {
    composeStarted = compose;
    compose(['up', '-d', '--no-deps', 'api', 'worker']);
    for (const name of Object.keys(IMAGES)) containers[name] = compose(['ps', '-q', name]).trim();
    await waitFor(async () => (await fetch(`${stack.api}/api/health/ready`).catch(() => null))?.ok === true, {
      what: "the API's readiness",
      timeoutMs: 120_000,
      intervalMs: 500,
    });
    await waitFor(() => spawnLogs(containers.worker).includes('worker ready'), {
      what: 'the worker',
      timeoutMs: 120_000,
      intervalMs: 500,
    });
    const liveness = await fetch(`${stack.api}/api/health`);
    if (!liveness.ok) throw new Error(`/api/health answered ${liveness.status}`);
  });

  await step('the SPA and a product sync by the worker', async () => {
    const page = await fetch(`${stack.api}/`);
    const html = await page.text();
    if (!page.ok || !html.includes('<div id="root">')) throw new Error(`the SPA at / answered ${page.status}`);
    // What the admin's "Run a full sync" queues: the worker reads Printful's catalogue into Firestore.
    const redis = createRedis(stack.env.REDIS_URL);
    try {
      const queues = createQueues(redis, stack.env.QUEUE_PREFIX);
      const queue = queues[QUEUES.productSync];
      const { jobId } = await enqueueProductSync(queue, { fullSync: true });
      await waitFor(
        async () => {
          const state = await queue.getJobState(jobId);
          if (state === 'failed') throw new Error(`the sync failed: ${(await queue.getJob(jobId))?.failedReason}`);
          return state === 'completed';
        },
        // The first sync also makes every picture in its widths and formats (sharp, in the worker).
        { what: 'the product sync', timeoutMs: 600_000, intervalMs: 1000 },
      );
      await Promise.all(Object.values(queues).map((q) => q.close()));
    } finally {
      redis.disconnect();
    }
    await waitFor(async () => ((await json(`${stack.api}/api/products`)).body?.products?.length ?? 0) > 0, {
      what: 'the synced product list',
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    const store = await fetch(`${stack.api}/store`);
    if (!store.ok) throw new Error(`/store answered ${store.status}`);
    stack.products = (await json(`${stack.api}/api/products?limit=100`)).body.products;
    log(`${stack.products.length} products listed after the sync`);
    // The worker made the pictures into the shared volume; the API serves them from it.
    const picture = stack.products.map((p) => p.images?.[0] ?? '').find((url) => url.includes('/api/pictures/'));
    if (!picture) throw new Error('no product names a picture the worker made (/api/pictures/...)');
    const served = await fetch(new URL(picture, stack.api), { headers: { accept: 'image/avif,image/webp,*/*' } });
    const type = served.headers.get('content-type');
    if (!served.ok || type !== 'image/avif') throw new Error(`${picture} answered ${served.status} ${type}`);
    log(`pictures: ${picture} served as ${type}`);
  });

  await step('a checkout paid in the Stripe sandbox, marked paid by the worker', async () => {
    const shopper = { 'x-guest-id': newGuestId(), 'x-forwarded-for': '198.51.100.23' };
    const product = stack.products.find((p) => p.variants?.length > 0);
    const variant = product.variants[0];
    const added = await json(`${stack.api}/api/cart/items`, {
      method: 'POST',
      headers: shopper,
      body: JSON.stringify({ productId: product.id, quantity: 1, size: variant.size, color: variant.color }),
    });
    if (added.status !== 200) throw new Error(`add to cart: ${added.status} ${JSON.stringify(added.body)}`);
    const session = await json(`${stack.api}/api/checkout/sessions`, {
      method: 'POST',
      headers: shopper,
      body: JSON.stringify({ shipping: TEST_SHIPPING }),
    });
    if (session.status !== 200) throw new Error(`checkout: ${session.status} ${JSON.stringify(session.body)}`);
    await payOnHostedPage(session.body.url);
    let order = {};
    await waitFor(
      async () => {
        order = (await json(`${stack.api}/api/orders/by-session/${session.body.id}`, { headers: shopper })).body ?? {};
        return order.status === 'paid';
      },
      { what: 'the order to be paid', timeoutMs: 120_000, intervalMs: 500 },
    );
    await waitFor(() => stack.smtp.messages.length > 0, { what: 'the confirmation e-mail', timeoutMs: 60_000 });
  });

  await step("Docker's health checks", () =>
    waitFor(() => Object.values(containers).every((id) => health(id) === 'healthy'), {
      what: 'both containers healthy',
      timeoutMs: 90_000,
      intervalMs: 1000,
    }),
  );

  const total = Math.round((Date.now() - started) / 1000);
  console.log(
    `\n[images] passed in ${Math.floor(total / 60)} min ${total % 60} s (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  for (const line of steps) console.log(`  ${line}`);
  console.log(`  sizes: api ${sizes.api} MB, worker ${sizes.worker} MB\n`);
}

function spawnLogs(container) {
  try {
    return run('docker', ['logs', container], { stdio: ['ignore', 'pipe', 'pipe'] }) + '';
  } catch (e) {
    return e.message;
  }
}

let code = 0;
try {
  await main();
} catch (error) {
  console.error(`[images] FAILED: ${error.message}`);
  for (const [name, id] of Object.entries(containers)) console.error(`--- ${name}:\n${spawnLogs(id).slice(-3000)}`);
  code = 1;
} finally {
  log('stopping everything this run started...');
  await stopEverything();
  await driver.catch(() => undefined);
}
process.exit(code);
