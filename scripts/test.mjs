#!/usr/bin/env node
// `npm test`: every suite (unit, integration, end-to-end) in one vitest run. It finds or starts what
// the suites need (dependencies, Redis, the Auth emulator, Google's Firestore emulator) on ports of
// its own, so it can run beside a running `npm start`. With the Firestore emulator, the store
// contract runs on it and the suites that touch the store run a second time on Firestore (the
// `firestore` project in vitest.config.ts). Browser tests need Chromium: without it they are skipped
// with a loud notice, except under CI=true where that is a failure, as is a missing Firestore
// emulator. Extra arguments go to vitest.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ProcessGroup,
  ROOT,
  ensureRedis,
  firestoreEmulatorCommand,
  freePort,
  log,
  startAuthEmulator,
  startFirestoreEmulator,
} from './lib/services.mjs';
import { prepare } from './lib/prepare.mjs';
import { defaultAddressFindings, defaultPrefixKeys, watchDefaultPorts } from './lib/default-port-watch.mjs';

const group = new ProcessGroup();
const tmp = path.join(os.tmpdir(), `shop-test-${Date.now().toString(36)}-${process.pid}`);
mkdirSync(tmp, { recursive: true });

async function main() {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  let hasChrome = true;
  try {
    accessSync(chrome, constants.X_OK);
  } catch {
    hasChrome = false;
  }
  if (!hasChrome) {
    if (process.env.CI === 'true')
      throw new Error(
        `Chromium not found at ${chrome}: browser tests cannot run under CI=true (install chromium or set CHROME_PATH)`,
      );
    console.warn(
      `\n!!!!!!!!\n!!! Chromium not found at ${chrome}: BROWSER TESTS WILL BE SKIPPED. Install chromium or set CHROME_PATH.\n!!!!!!!!\n`,
    );
  }
  await prepare();

  const redis = await ensureRedis(group, {
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: await freePort(),
    dataDir: path.join(tmp, 'redis'),
    persist: false,
  });
  log(`Redis: ${redis.url}${redis.started ? ' (started for this run)' : ''}`);
  const auth = await startAuthEmulator(group, {
    port: await freePort(),
    projectId: 'demo-studio-shop',
    workDir: path.join(tmp, 'auth'),
  });
  log(`Firebase Auth emulator: ${auth.host}`);

  let firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!firestoreHost) {
    const gcloud = firestoreEmulatorCommand();
    if (gcloud) {
      firestoreHost = (await startFirestoreEmulator(group, { port: await freePort(), gcloud })).host;
      log(`Firestore emulator (Google's): ${firestoreHost}`);
    } else if (process.env.CI === 'true') {
      throw new Error(
        "Google's Firestore emulator is not installed: the store contract and the Firestore pass cannot run under CI=true\n" +
          '  (Debian/Ubuntu: apt-get install google-cloud-cli-firestore-emulator, or set FIRESTORE_EMULATOR_HOST)',
      );
    } else {
      console.warn(
        "\n!!!!!!!!\n!!! Google's Firestore emulator (gcloud emulators firestore start) is not installed: the store contract runs on the Node emulator with exclusions and THE FIRESTORE PASS IS LEFT OUT.\n!!!!!!!!\n",
      );
    }
  }

  const env = {
    ...process.env,
    REDIS_URL: redis.url,
    TEST_REDIS_READY: '1',
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    FIREBASE_PROJECT_ID: 'demo-studio-shop',
    ...(firestoreHost ? { FIRESTORE_EMULATOR_HOST: firestoreHost } : {}),
    CHROME_PATH: chrome,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  };
  // npm start's addresses are held for the whole run by stand-ins that note every request.
  const watch = await watchDefaultPorts();
  if (watch.taken.length > 0) log(`default ports held by another program (not watched): ${watch.taken.join(', ')}`);
  const { Redis } = await import('ioredis');
  const redisClient = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redisClient.connect();
  const keysBefore = await defaultPrefixKeys(redisClient);

  // One vitest process for every project. Two side by side (the browser files in one, the rest in
  // the other) were tried: on two cores both slowed down so much that the run took longer than one
  // process running them in turn (docs/testing.md, "Files at a time").
  const runs = [await runVitest('all', env, process.argv.slice(2))];
  const findings = defaultAddressFindings(watch, keysBefore, await defaultPrefixKeys(redisClient));
  redisClient.disconnect();
  await watch.close();
  return summarise(runs, findings);
}

/** One vitest process; its JSON report is read afterwards. */
async function runVitest(name, env, extra) {
  const report = path.join(tmp, `vitest-report-${name}.json`);
  const vitest = path.join(ROOT, 'node_modules', '.bin', 'vitest');
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];
  const code = await new Promise((resolve) => {
    const child = spawn(vitest, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0)));
  });
  let result = null;
  try {
    result = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // summarised below as a failure
  }
  return { name, code, report: result };
}

function summarise(runs, findings) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let total = 0;
  const files = [];
  for (const { name, report: r } of runs) {
    if (!r) {
      console.log(`\n[${name}] vitest wrote no report`);
      failed += 1;
      continue;
    }
    // A file that fails outside a test (import error, beforeAll) counts as a failure too.
    const brokenFiles = (r.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    ).length;
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + brokenFiles;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    total += r.numTotalTests ?? 0;
    files.push(...(r.testResults ?? []));
  }
  // Where the minutes went: the slowest files, so a slow run names what to look at.
  const slowest = files
    .map((f) => ({ file: path.relative(ROOT, f.name), ms: (f.endTime ?? 0) - (f.startTime ?? 0) }))
    .filter((f) => f.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  // Kept beside the screenshots, so a slow or failed run can be read file by file afterwards.
  mkdirSync(path.join(ROOT, 'tests', 'artifacts'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'tests', 'artifacts', 'vitest-report.json'),
    JSON.stringify({ runs: runs.map((r) => ({ name: r.name, exitCode: r.code, ...r.report })) }),
  );
  if (slowest.length > 1) {
    console.log('\nslowest test files:');
    for (const f of slowest) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file}`);
  }
  if (findings.length > 0) {
    // Each is a test that would break, or be broken by, a running `npm start`.
    console.log(`\nnpm start's addresses were used by the run (docs/testing.md, "Hermetic ports"):`);
    for (const line of findings) console.log(`  ${line}`);
    failed += findings.length;
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (total === 0 || failed > 0) return 1;
  return runs.some((r) => r.code !== 0) ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (e) {
  console.error(`[shop] ${e.message}`);
} finally {
  await group.stopAll();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(exitCode);
