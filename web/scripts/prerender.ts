// Renders the pages whose content is known at build time (PAGE_ROUTES with `prerender`: marketing
// pages, the blog list, every blog post, and the not-found page) into web/dist/pages/, so their
// main text is in the HTML before any script runs. The server answers those paths with these
// documents and each page's own head; the SPA hydrates them. Run after `vite build` and the SSR
// build of src/prerender/entry.tsx (npm run build -w web).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BLOG_PAGE_SIZE } from '@shop/shared';
import {
  blogPostPath,
  CONSENT_BANNER_FILE,
  documentOf,
  PAGE_ROUTES,
  prerenderedFile,
  PRERENDERED_DIR,
  SSR_ENTRY_FILE,
  type PrerenderData,
  type SsrEntry,
} from '@shop/shared/pages';
import { BLOG_CONTENT_DIR, loadBlogIndex } from '@shop/shared/server/blog';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
// Kept in the build: the server renders the store pages with it on request.
const SSR_ENTRY = path.join(DIST, SSR_ENTRY_FILE);
// The libraries' production builds: faster, and the same markup the browser's bundle hydrates.
process.env.NODE_ENV = 'production';
const { renderPage, renderConsentBanner, PRERENDER_STATE_ID } = (await import(
  pathToFileURL(SSR_ENTRY).href
)) as SsrEntry;
const blog = await loadBlogIndex(BLOG_CONTENT_DIR, BLOG_PAGE_SIZE);
const data: PrerenderData = { blogList: blog.list({ page: 1 }), posts: blog.all() };
const template = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const out = path.join(DIST, PRERENDERED_DIR);
rmSync(out, { recursive: true, force: true });

const paths = PAGE_ROUTES.filter((r) => r.prerender).flatMap((r) =>
  r.path === '/blog/:slug' ? data.posts.map((p) => blogPostPath(p.slug)) : r.path.includes(':') ? [] : [r.path],
);
const write = (file: string, html: string) => {
  const target = path.join(out, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
};
for (const pagePath of paths)
  write(prerenderedFile(pagePath), documentOf(template, await renderPage(pagePath, data), PRERENDER_STATE_ID));
// Rendered at an address no route has; the server sends it, with status 404, for any unknown one.
write('404.html', documentOf(template, await renderPage('/404', data, { notFound: true }), PRERENDER_STATE_ID));
// The server adds it to a page's root when the request has no consent cookie (a first visit).
writeFileSync(path.join(DIST, CONSENT_BANNER_FILE), renderConsentBanner());
console.log(`pre-rendered ${paths.length + 1} pages and the consent banner`);
