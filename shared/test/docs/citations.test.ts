import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The code cites the rules and contracts it implements as `docs/<file>.md#<section>`, and the
// docs link to each other. Every such citation must land on a heading that exists, and nothing
// may cite a document that lives outside the repository.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'artifacts', 'dist-ssr']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css|json|md|yml|yaml|rules|html|sh|svg)$/;
const EXTRA = new Set(['.ci/run', 'Dockerfile.api', 'Dockerfile.worker', '.env.example']);

function sourceFiles(dir = ROOT, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && rel !== 'web/public') sourceFiles(full, out);
    } else if ((SOURCE.test(entry.name) && entry.name !== 'package-lock.json') || EXTRA.has(rel)) {
      out.push(rel);
    }
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(rel: string): Set<string> {
  let anchors = anchorCache.get(rel);
  if (!anchors) {
    anchors = new Set();
    const seen = new Map<string, number>();
    let fenced = false;
    for (const line of readFileSync(path.join(ROOT, rel), 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      if (fenced) continue;
      const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) {
        const base = slug(heading[1]!);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        anchors.add(n === 0 ? base : `${base}-${n}`);
      }
      for (const m of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
    }
    anchorCache.set(rel, anchors);
  }
  return anchors;
}

/** Why `target` (a repository path, with an optional #anchor) does not resolve, or null. */
function problem(target: string): string | null {
  const [file, anchor] = target.split('#') as [string, string | undefined];
  if (!existsSync(path.join(ROOT, file))) return 'no such file';
  if (anchor === undefined || anchor === '') return null;
  if (statSync(path.join(ROOT, file)).isDirectory() || !file.endsWith('.md'))
    return 'an anchor into a non-Markdown file';
  return anchorsOf(file).has(anchor) ? null : `no heading "#${anchor}" in ${file}`;
}

const files = sourceFiles();

describe('citations into docs/', () => {
  it('finds the docs and the code that cites them', () => {
    expect(files).toContain('docs/rules.md');
    expect(
      files.filter((f) => readFileSync(path.join(ROOT, f), 'utf8').includes('docs/rules.md#')).length,
    ).toBeGreaterThan(50);
  });

  it('lands every `docs/<file>.md#<section>` citation on an existing heading', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/(?<![\w./-])docs\/[\w-]+(?:\/[\w-]+)*\.md(?:#[\w-]+)?/g)) {
        const target = m[0].replace(/-+$/, '');
        const why = problem(target);
        if (why) broken.push(`${file}: ${target} (${why})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('resolves every relative link of the Markdown files', () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1]!;
        if (/^[a-z]+:/i.test(link) || link.startsWith('/')) continue;
        const [pathPart, anchor] = link.split('#') as [string, string | undefined];
        const target =
          pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
        const why = problem(anchor === undefined ? target : `${target}#${anchor}`);
        if (why) broken.push(`${file}: ${link} (${why})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('cites no document from outside the repository', () => {
    const outside =
      /DESIGN\.md|\bDESIGN \d|store-spec|\.\.\/shared\/(?!src\/)|reference\/(providers|firestore|toolchain)|\bspec (section|§)|\bsection \d|§ ?\d|journeys\.md(?!#)/i;
    const found = files
      .filter((f) => f !== 'shared/test/docs/citations.test.ts')
      .flatMap((f) =>
        readFileSync(path.join(ROOT, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
          .filter(
            ({ line }) => outside.test(line) && !line.includes('docs/journeys.md') && !line.includes('(journeys.md'),
          ),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});
