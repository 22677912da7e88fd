import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  APP_ENTRY_META,
  APP_PRELOAD_META,
  CONSENT_BANNER_FILE,
  PRERENDERED_DIR,
  appPreloadTag,
  prerenderedFile,
} from '@shop/shared/pages';

// The HTML documents the SPA build leaves in WEB_DIST: the shell (index.html) and the pages
// rendered at build time (pages/<path>.html, pages/404.html). The server answers each page with one
// of them and its own head written between the head markers.

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';

export interface PageDocuments {
  /** The pre-rendered document of a concrete path, or the shell. */
  forPath(pathname: string): string;
  /** Preload tags for a route module's code and styles (what the entry does not load already). */
  preloads(module: string): string;
  notFound(): string;
  /** The shell, for pages rendered on request. */
  shell: string;
  /** The cookie banner's HTML (see withConsentBanner); null when the build did not make it. */
  consentBanner: string | null;
}

async function readTree(dir: string, base = dir, found = new Map<string, string>()): Promise<Map<string, string>> {
  if (!existsSync(dir)) return found;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await readTree(full, base, found);
    else if (entry.name.endsWith('.html'))
      found.set(path.relative(base, full).split(path.sep).join('/'), await readFile(full, 'utf8'));
  }
  return found;
}

/** Reads the build once at start; null when there is no build (API only). */
export async function loadPageDocuments(root: string): Promise<PageDocuments | null> {
  const shellFile = path.join(root, 'index.html');
  if (!existsSync(shellFile)) return null;
  const shell = await readFile(shellFile, 'utf8');
  const prerendered = await readTree(path.join(root, PRERENDERED_DIR));
  const bannerFile = path.join(root, CONSENT_BANNER_FILE);
  const consentBanner = existsSync(bannerFile) ? await readFile(bannerFile, 'utf8') : null;
  const manifest = await readManifest(root);
  const preloads = new Map<string, string>();
  return {
    forPath: (pathname) => prerendered.get(prerenderedFile(pathname)) ?? shell,
    preloads: (module) => {
      let tags = preloads.get(module);
      if (tags === undefined) {
        tags = routePreloads(manifest, module);
        preloads.set(module, tags);
      }
      return tags;
    },
    notFound: () => prerendered.get('404.html') ?? shell,
    shell,
    consentBanner,
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

async function readManifest(root: string): Promise<Manifest> {
  const file = path.join(root, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Manifest) : {};
}

/** `key` and every chunk it imports, the importer before its imports (the stylesheets' order). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * The same chunks, each after its own imports: boot.js runs them in this order, one per task, so
 * no chunk brings a pile of imports not yet run into its task.
 */
function runOrder(manifest: Manifest, key: string, seen = new Set<string>(), order: string[] = []): string[] {
  if (seen.has(key) || !manifest[key]) return order;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) runOrder(manifest, dep, seen, order);
  order.push(key);
  return order;
}

/**
 * A route's chunks are otherwise found only after the entry has run and asked for them: one more
 * round trip before the page can hydrate. Named in the HTML, they download with the entry, after
 * the first paint (shared/src/pages/paint-first.ts). The route's stylesheets are links: they
 * apply before the page paints rather than after (no restyle).
 */
function routePreloads(manifest: Manifest, module: string): string {
  const entry = closure(manifest, 'index.html');
  const routeKey = `src/app/routes/${module}.tsx`;
  const css = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const tags: string[] = [];
  for (const key of closure(manifest, routeKey)) {
    if (entry.has(key)) continue;
    for (const sheet of manifest[key]?.css ?? []) {
      if (!css.has(sheet)) tags.push(`<link rel="stylesheet" crossorigin href="/${sheet}" />`);
      css.add(sheet);
    }
  }
  for (const key of runOrder(manifest, routeKey)) {
    if (!entry.has(key)) tags.push(appPreloadTag(`/${manifest[key]!.file}`));
  }
  return tags.join('\n    ');
}

const STYLESHEET_TAG = /<link rel="stylesheet"[^>]*>\s*/g;
/** The first tag of the head that fetches a script or preloads something. */
const FIRST_FETCH = new RegExp(
  `<link rel="(?:modulepreload|preload)"|<meta name="(?:${APP_PRELOAD_META}|${APP_ENTRY_META})"|<script `,
);

/**
 * The document with its head replaced by this page's tags. Every stylesheet goes ahead of the
 * scripts and preloads: the first paint waits for the CSS, and named after a page's dozens of
 * modulepreloads it shared a slow connection with all of them. The build's (site-wide) sheet
 * stays before a route's, so route rules override the global ones of the same specificity, as
 * they do when the SPA loads the route's CSS itself.
 */
export function withHead(document: string, headHtml: string): string {
  const start = document.indexOf(HEAD_START);
  const end = document.indexOf(HEAD_END);
  if (start === -1 || end === -1) throw new Error(`The SPA's index.html lacks the ${HEAD_START} markers`);
  const headEnd = document.indexOf('</head>');
  const buildHead = document.slice(end, headEnd);
  const sheets = [...(buildHead.match(STYLESHEET_TAG) ?? []), ...(headHtml.match(STYLESHEET_TAG) ?? [])].map((tag) =>
    tag.trim(),
  );
  const head = `${document.slice(0, start + HEAD_START.length)}\n    ${headHtml.replace(STYLESHEET_TAG, '').trim()}\n    ${buildHead.replace(STYLESHEET_TAG, '').trimEnd()}\n  `;
  const at = head.slice(start).search(FIRST_FETCH);
  const insertAt = at === -1 ? head.length : start + at;
  const withSheets =
    sheets.length === 0 ? head : `${head.slice(0, insertAt)}${sheets.join('\n    ')}\n    ${head.slice(insertAt)}`;
  return `${withSheets}${document.slice(headEnd)}`;
}
