import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, REPO_ROOT } from '../e2e/helpers/web-build.js';

// The product is specified as a React SPA (issue 24): the shipped build, in the browser and on the
// server, must carry React DOM itself, not a compatibility layer that answers to its name.

const require = createRequire(import.meta.url);
const REACT_DOM_VERSION = (require('react-dom/package.json') as { version: string }).version;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

let dist: string;
let manifest: Record<string, ManifestChunk>;

beforeAll(() => {
  dist = ensureWebBuild();
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as typeof manifest;
});

/** The scripts a page loads before any route chunk: the entry and what it imports statically. */
function entryScripts(key = 'index.html', seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key]!;
  return [chunk.file, ...(chunk.imports ?? []).flatMap((dep) => entryScripts(dep, seen))];
}

const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');

describe('the shipped build runs React DOM', () => {
  it('the browser entry hydrates with React DOM, at the installed version', () => {
    const code = entryScripts().map(read).join('\n');
    // React DOM registers itself with React's developer tools under its package name and version.
    expect(code).toContain('rendererPackageName:`react-dom`');
    expect(code).toMatch(new RegExp(`bundleType:0,version:\`${REACT_DOM_VERSION.replace(/\./g, '\\.')}\``));
    expect(code).not.toMatch(/preact/i);
  });

  it('the server render (pre-rendered and store pages) is React DOM server, at the installed version', () => {
    const ssr = path.join(dist, '.ssr');
    const files = ['entry.js', ...readdirSync(path.join(ssr, 'assets')).map((f) => path.join('assets', f))].filter(
      (f) => f.endsWith('.js'),
    );
    const code = files.map((f) => readFileSync(path.join(ssr, f), 'utf8')).join('\n');
    // React DOM server checks that react matches its own version before rendering anything.
    expect(code).toContain(`react-dom:  ${REACT_DOM_VERSION}`);
    expect(code).not.toMatch(/preact/i);
  });
});

describe('the home page is light enough for a phone (issue 24)', () => {
  it('loads at most 100 KB of script as served before any route chunk, and no store or admin code', () => {
    // The budget script weighs the bytes the server sends and exits 1 (failing this) when over.
    const report = execFileSync(process.execPath, [path.join(REPO_ROOT, 'web', 'scripts', 'bundle-budget.mjs')], {
      encoding: 'utf8',
    });
    expect(report).toMatch(/As served \(brotli\), before any route chunk: [\d.]+ KB \(target 100 KB: met\)/);
    expect(report).toContain('Bundle budget OK');
  });
});
