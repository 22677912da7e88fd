import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

/** What the SPA build is made from; the browser-safe part of shared is bundled too, the blog pre-rendered. */
const SOURCES = [
  'web/src',
  'web/public',
  'web/scripts',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'shared/src',
  'content',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/** Builds web/dist when it is missing or older than its sources (serialised across processes). */
export function ensureWebBuild(): string {
  const manifest = path.join(WEB_DIST, '.vite', 'manifest.json');
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(REPO_ROOT, s))));
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= sourcesAt) return WEB_DIST;
  execFileSync('flock', ['/tmp/web-build.lock', 'npm', 'run', 'build', '-w', 'web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  return WEB_DIST;
}
