// Install dependencies and build the SPA when needed. Node built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, log } from './services.mjs';

export function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status})`);
}

function runAsync(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code})`)),
    );
  });
}

// npm ci runs no install script; those the root package.json's `allowScripts` lets run come after it
// (docs/operations.md#install-time). better-sqlite3's, which compiles SQLite from source where no
// prebuilt binary can be downloaded (about two minutes of one core), runs beside the install.
const NATIVE_STORE_DRIVER = 'better-sqlite3';
const allowedInstallScripts = () =>
  Object.entries(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).allowScripts ?? {})
    .filter(([name, allowed]) => allowed === true && name !== NATIVE_STORE_DRIVER)
    .map(([name]) => name);
const releaseBinary = () =>
  path.join(ROOT, 'node_modules', NATIVE_STORE_DRIVER, 'build', 'Release', 'better_sqlite3.node');
const nativeDriverBuilt = () => existsSync(releaseBinary());

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** The driver's version as package-lock.json pins it (read once), or undefined. */
let lockedVersion;
function lockedDriverVersion() {
  lockedVersion ??=
    JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')).packages?.[
      `node_modules/${NATIVE_STORE_DRIVER}`
    ]?.version ?? null;
  return lockedVersion ?? undefined;
}

// The compiled driver is kept outside the checkout, as a build cache: one per driver version, Node
// ABI, platform and architecture, so a second clone or a CI run on a machine that compiled it once
// skips those two minutes. SHOP_BUILD_CACHE names another folder; `off` turns the cache off.
function driverCachePath() {
  const dir = process.env.SHOP_BUILD_CACHE ?? path.join(os.homedir(), '.cache', 'studio-shop');
  if (dir === 'off') return null;
  const version = lockedDriverVersion();
  if (!version) return null;
  const { modules, platform, arch } = { ...process.versions, platform: process.platform, arch: process.arch };
  return path.join(dir, `${NATIVE_STORE_DRIVER}-${version}-abi${modules}-${platform}-${arch}.node`);
}

/** True when the installed driver opens a database (run apart: a bad binary may crash its process). */
function driverLoads() {
  const probe = `const D = require(${JSON.stringify(NATIVE_STORE_DRIVER)}); new D(':memory:').prepare('select 1').get();`;
  return spawnSync(process.execPath, ['-e', probe], { cwd: ROOT, stdio: 'ignore' }).status === 0;
}

/** Puts the cached driver in place; false (and the cache entry gone) when it is missing or does not load. */
function adoptCachedDriver(cached) {
  if (!cached || !existsSync(cached)) return false;
  mkdirSync(path.dirname(releaseBinary()), { recursive: true });
  copyFileSync(cached, releaseBinary());
  if (driverLoads()) return true;
  log(`${NATIVE_STORE_DRIVER}: the cached build does not load; compiling it again`);
  rmSync(cached, { force: true });
  rmSync(releaseBinary(), { force: true });
  return false;
}

/** Keeps a copy of a driver just compiled for the next install; a cache that cannot be written is no error. */
function cacheDriver(cached) {
  if (!cached) return;
  try {
    mkdirSync(path.dirname(cached), { recursive: true });
    const partial = `${cached}.${process.pid}.partial`;
    copyFileSync(releaseBinary(), partial);
    renameSync(partial, cached);
  } catch {
    // The next install compiles it again.
  }
}

/** Starts `npm rebuild` of the store's SQLite driver in the background; its output goes to a file. */
function rebuildNativeDriver() {
  const started = Date.now();
  const logFile = path.join(ROOT, 'node_modules', `.${NATIVE_STORE_DRIVER}-build.log`);
  const out = openSync(logFile, 'w');
  const child = spawn('npm', ['rebuild', NATIVE_STORE_DRIVER], { cwd: ROOT, stdio: ['ignore', out, out] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      closeSync(out);
      if (code === 0 && nativeDriverBuilt()) {
        log(`${NATIVE_STORE_DRIVER} built in ${seconds(started)}`);
        resolve();
      } else reject(new Error(`npm rebuild ${NATIVE_STORE_DRIVER} failed (exit ${code}); see ${logFile}`));
    });
  });
}

/**
 * Compiles the SQLite driver from its own package in a folder of its own, started before `npm ci`
 * so that the compile (one core, about two minutes) and the install (about one) run side by side.
 * npm's cache (or the registry) gives the package; its install script finds no prebuild-install
 * there and compiles.
 * Resolves with the built binary and its folder, or null when anything failed.
 */
function compileDriverAside() {
  const version = lockedDriverVersion();
  if (!version) return Promise.resolve(null);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-sqlite-driver-'));
  const out = openSync(path.join(dir, 'build.log'), 'w');
  const script = [
    `npm pack ${NATIVE_STORE_DRIVER}@${version} --prefer-offline --pack-destination .`,
    `tar -xzf ${NATIVE_STORE_DRIVER}-${version}.tgz`,
    'cd package',
    'npm run install',
  ].join(' && ');
  const child = spawn('sh', ['-c', script], { cwd: dir, stdio: ['ignore', out, out] });
  return new Promise((resolve) => {
    const done = (code) => {
      closeSync(out);
      const built = path.join(dir, 'package', 'build', 'Release', 'better_sqlite3.node');
      if (code === 0 && existsSync(built)) return resolve({ built, dir });
      rmSync(dir, { recursive: true, force: true });
      resolve(null);
    };
    child.on('error', () => done(1));
    child.on('exit', done);
  });
}

/** Puts the binary compiled aside where better-sqlite3 looks for it, or builds it in place. */
async function adoptDriver(aside, started) {
  const result = await aside;
  if (!result) {
    log(`${NATIVE_STORE_DRIVER}: the build beside the install failed; building it in place`);
    return rebuildNativeDriver();
  }
  const release = path.join(ROOT, 'node_modules', NATIVE_STORE_DRIVER, 'build', 'Release');
  mkdirSync(release, { recursive: true });
  copyFileSync(result.built, path.join(release, 'better_sqlite3.node'));
  rmSync(result.dir, { recursive: true, force: true });
  log(`${NATIVE_STORE_DRIVER} built in ${seconds(started)}, beside the install`);
}

/**
 * Installs the dependencies when node_modules is missing (and builds the SQLite driver when its
 * binary is), and builds the SPA when it is stale. Resolves once both are done; with
 * `awaitDriver: false`, once the install and the SPA are, with a promise for the driver, so a
 * caller can start what does not open the store (Redis, emulators, sandboxes) meanwhile.
 */
export async function prepare({ build = true, awaitDriver = true } = {}) {
  let native = Promise.resolve();
  if (!existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) {
    const started = Date.now();
    const lockfile = existsSync(path.join(ROOT, 'package-lock.json'));
    const cached = lockfile ? driverCachePath() : null;
    const haveCached = cached !== null && existsSync(cached);
    log(
      `installing dependencies (first run), ${NATIVE_STORE_DRIVER} ${haveCached ? `from the build cache (${cached})` : 'compiling beside them'}...`,
    );
    const aside = lockfile && !haveCached ? compileDriverAside() : Promise.resolve(null);
    await runAsync('npm', [
      lockfile ? 'ci' : 'install',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ]);
    run('npm', ['rebuild', ...allowedInstallScripts()], { stdio: ['ignore', 'ignore', 'inherit'] });
    log(`dependencies installed in ${seconds(started)}`);
    if (haveCached && adoptCachedDriver(cached)) {
      log(`${NATIVE_STORE_DRIVER} taken from the build cache`);
    } else {
      // With a cache entry that did not load (now deleted), it is compiled after all.
      native = adoptDriver(haveCached ? compileDriverAside() : aside, started).then(() => cacheDriver(cached));
    }
  } else if (!nativeDriverBuilt()) {
    const cached = driverCachePath();
    native = adoptCachedDriver(cached) ? Promise.resolve() : rebuildNativeDriver().then(() => cacheDriver(cached));
  }
  // A failed driver build is reported when it is waited for, not as an unhandled rejection meanwhile.
  const settled = native.then(
    () => null,
    (error) => error,
  );
  const driver = settled.then((error) => {
    if (error) throw error;
  });
  driver.catch(() => undefined); // handled by whoever awaits it
  if (build) await ensureWebBuild();
  if (!awaitDriver) return { driver };
  await driver;
  return { driver };
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when it is missing or older than the SPA's (or shared's) sources. */
export async function ensureWebBuild() {
  const index = path.join(ROOT, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'web')),
    newestMtime(path.join(ROOT, 'shared', 'src')),
    // The blog posts are pre-rendered into the build.
    newestMtime(path.join(ROOT, 'content')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  log('building the SPA (web/dist)...');
  const started = Date.now();
  await runAsync('npm', ['run', 'build', '-w', 'web']);
  log(`SPA built in ${seconds(started)}`);
}
