// Install dependencies and build the SPA when needed. Node built-ins only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, log } from './services.mjs';

export function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${r.status})`);
}

export function ensureDependencies() {
  if (existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) return;
  log('installing dependencies (first run; better-sqlite3 downloads a prebuilt binary, or compiles if it cannot)...');
  const started = Date.now();
  run('npm', [existsSync(path.join(ROOT, 'package-lock.json')) ? 'ci' : 'install', '--no-audit', '--no-fund']);
  log(`dependencies installed in ${Math.round((Date.now() - started) / 1000)} s`);
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
export function ensureWebBuild() {
  const index = path.join(ROOT, 'web', 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'web')),
    newestMtime(path.join(ROOT, 'shared', 'src')),
    // The blog posts are pre-rendered into the build.
    newestMtime(path.join(ROOT, 'content')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  log('building the SPA (web/dist)...');
  run('npm', ['run', 'build', '-w', 'web']);
}
