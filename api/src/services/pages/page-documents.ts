import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { APP_ENTRY_META, APP_PRELOAD_META, appPreloadTag } from '@shop/shared/pages';

// The HTML documents the SPA build leaves in WEB_DIST: the shell (index.html) and the pages
// rendered at build time (pages/<path>.html, pages/404.html). The server answers each page with one
// of them and its own head written between the head markers.

export const PRERENDERED_DIR = 'pages';
/** The SSR build of web/src/prerender/entry.tsx, kept in the build for the store pages. */
export const SSR_ENTRY_FILE = '.ssr/entry.js';
/** The cookie banner's HTML, rendered by the build beside the SSR entry (never served as a file). */
export const CONSENT_BANNER_FILE = '.ssr/consent-banner.html';
const ROOT_ELEMENT = '<div id="root"></div>';
/** Where a rendered page's root ends: documentOf writes the page's data right after it. */
const RENDERED_ROOT_END = '</div>\n    <script type="application/json" id=';
const RENDERED_ROOT_START = '<div id="root">';
/** The layout's first element (web/src/app/root-layout.tsx); the cookie banner follows it. */
const SKIP_LINK_START = '<a class="skip-link"';
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
  const builtAt = (await stat(shellFile)).mtime;
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
    builtAt,
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

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * A route's chunks are otherwise found only after the entry has run and asked for them: one more
 * round trip before the page can hydrate. Named in the HTML, they download with the entry, after
 * the first paint (shared/src/pages/paint-first.ts). The route's stylesheets are links: they
 * apply before the page paints rather than after (no restyle).
 */
function routePreloads(manifest: Manifest, module: string): string {
  const entry = closure(manifest, 'index.html');
  const route = [...closure(manifest, `src/app/routes/${module}.tsx`)].filter((key) => !entry.has(key));
  const css = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const tags: string[] = [];
  for (const key of route) {
    for (const sheet of manifest[key]?.css ?? []) {
      if (!css.has(sheet)) tags.push(`<link rel="stylesheet" crossorigin href="/${sheet}" />`);
      css.add(sheet);
    }
    tags.push(appPreloadTag(`/${manifest[key]!.file}`));
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

/** JSON inside a script element: `<` escaped so no `</script>` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The shell with a rendered page in its root and the data it was rendered with beside it. */
export function documentOf(template: string, page: { html: string; state: unknown }, stateId: string): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
  return template.replace(
    ROOT_ELEMENT,
    // A function, so `$` in the page is not read as a replacement pattern.
    () => `<div id="root">${page.html}${RENDERED_ROOT_END}"${stateId}">${scriptJson(page.state)}</script>`,
  );
}

/**
 * A rendered page with the cookie banner right after the skip link, where the layout renders it:
 * early in the tab order (it stands fixed at the bottom of the window, so where it sits in the
 * markup moves nothing), painted with the page instead of after the script (it was the largest
 * paint of the store and cart on a phone), and adopted by hydration. The shell is left as it is:
 * the SPA renders a page afresh there, banner included; so is a page without the skip link
 * (hydration would not find the banner where the layout has it).
 */
export function withConsentBanner(document: string, banner: string): string {
  const root = document.indexOf(RENDERED_ROOT_START);
  // React may put resource hints (an image's preload) ahead of the layout's first element.
  const skipLink = root === -1 ? -1 : document.indexOf(SKIP_LINK_START, root);
  if (skipLink === -1) return document;
  const at = document.indexOf('</a>', skipLink) + '</a>'.length;
  return `${document.slice(0, at)}${banner}${document.slice(at)}`;
}

/** The SSR build's on-request renderer (web/src/prerender/entry.tsx, renderStorePage). */
export interface StoreRenderer {
  render(pathname: string, data: { products: StorefrontProduct[]; product?: StorefrontProduct }): Promise<string>;
}

/**
 * Loads the SSR build beside the SPA; null when there is none or it cannot load (the store pages
 * are then rendered by the SPA in the browser, as before).
 */
export async function loadStoreRenderer(root: string, template: string): Promise<StoreRenderer | null> {
  const file = path.join(root, SSR_ENTRY_FILE);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as {
    renderStorePage?: (
      pathname: string,
      data: { products: StorefrontProduct[]; product?: StorefrontProduct },
    ) => Promise<{ html: string; state: unknown }>;
    PRERENDER_STATE_ID?: string;
  };
  const { renderStorePage, PRERENDER_STATE_ID: stateId } = entry;
  if (!renderStorePage || !stateId) return null;
  return { render: async (pathname, data) => documentOf(template, await renderStorePage(pathname, data), stateId) };
}
