import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

// The HTML documents the SPA build leaves in WEB_DIST: the shell (index.html) and the pages
// rendered at build time (pages/<path>.html, pages/404.html). The server answers each page with one
// of them and its own head written between the head markers.

export const PRERENDERED_DIR = 'pages';
const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';

export interface PageDocuments {
  /** The pre-rendered document of a concrete path, or the shell. */
  forPath(pathname: string): string;
  notFound(): string;
  /** When the build was made: the lastmod of the fixed routes in the sitemap. */
  builtAt: Date;
}

/** Where a path's pre-rendered document is, relative to the pages folder ('/' is index.html). */
export function prerenderedFile(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '') || '/index';
  return `${clean.slice(1)}.html`;
}

async function readTree(dir: string, base = dir, found = new Map<string, string>()): Promise<Map<string, string>> {
  if (!existsSync(dir)) return found;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await readTree(full, base, found);
    else if (entry.name.endsWith('.html')) found.set(path.relative(base, full).split(path.sep).join('/'), await readFile(full, 'utf8'));
  }
  return found;
}

/** Reads the build once at start; null when there is no build (API only). */
export async function loadPageDocuments(root: string): Promise<PageDocuments | null> {
  const shellFile = path.join(root, 'index.html');
  if (!existsSync(shellFile)) return null;
  const shell = await readFile(shellFile, 'utf8');
  const prerendered = await readTree(path.join(root, PRERENDERED_DIR));
  const builtAt = (await stat(shellFile)).mtime;
  return {
    forPath: (pathname) => prerendered.get(prerenderedFile(pathname)) ?? shell,
    notFound: () => prerendered.get('404.html') ?? shell,
    builtAt,
  };
}

/** The document with its head replaced by this page's tags. */
export function withHead(document: string, headHtml: string): string {
  const start = document.indexOf(HEAD_START);
  const end = document.indexOf(HEAD_END);
  if (start === -1 || end === -1) throw new Error(`The SPA's index.html lacks the ${HEAD_START} markers`);
  return `${document.slice(0, start + HEAD_START.length)}\n    ${headHtml}\n    ${document.slice(end)}`;
}
