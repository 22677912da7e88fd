// Install dependencies and build the SPA when needed. Node built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs';
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
// prebuilt binary can be downloaded (about two minutes of one core), runs beside the SPA's build.
const NATIVE_STORE_DRIVER = 'better-sqlite3';
const allowedInstallScripts = () =>
  Object.entries(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).allowScripts ?? {})
    .filter(([name, allowed]) => allowed === true && name !== NATIVE_STORE_DRIVER)
    .map(([name]) => name);
const nativeDriverBuilt = () =>
  existsSync(path.join(ROOT, 'node_modules', NATIVE_STORE_DRIVER, 'build', 'Release', 'better_sqlite3.node'));

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

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
 * Installs the dependencies when node_modules is missing (and builds the SQLite driver when its
 * binary is), and builds the SPA when it is stale, the two side by side: resolves when both are done.
 */
export async function prepare({ build = true } = {}) {
  let native = Promise.resolve();
  if (!existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) {
    log('installing dependencies (first run)...');
    const started = Date.now();
    const lockfile = existsSync(path.join(ROOT, 'package-lock.json'));
    run('npm', [lockfile ? 'ci' : 'install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund']);
    run('npm', ['rebuild', ...allowedInstallScripts()], { stdio: ['ignore', 'ignore', 'inherit'] });
    log(`dependencies installed in ${seconds(started)}; building ${NATIVE_STORE_DRIVER} beside the SPA`);
    native = rebuildNativeDriver();
  } else if (!nativeDriverBuilt()) {
    native = rebuildNativeDriver();
  }
  // A failed driver build is reported after the SPA's, not as an unhandled rejection meanwhile.
  const settled = native.then(
    () => null,
    (error) => error,
  );
  if (build) await ensureWebBuild();
  const error = await settled;
  if (error) throw error;
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
