// Renders the pages whose content is known at build time (PAGE_ROUTES with `prerender`: marketing
// pages, the blog list, every blog post, and the not-found page) into web/dist/pages/, so their
// main text is in the HTML before any script runs. The server answers those paths with these
// documents and each page's own head; the SPA hydrates them. Run after `vite build` and the SSR
// build of src/prerender/entry.tsx (npm run build -w web).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BLOG_PAGE_SIZE } from '@shop/shared';
import { blogPostPath, PAGE_ROUTES } from '@shop/shared/pages';
import { loadBlogIndex } from '../../api/src/routes/blog/blog-posts.js';
import { prerenderedFile, PRERENDERED_DIR } from '../../api/src/services/pages/page-documents.js';
import type { PrerenderData, PrerenderedPage } from '../src/prerender/entry.js';
import { PRERENDER_STATE_ID } from '../src/prerender/prerender-state.js';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(WEB, 'dist');
const SSR_ENTRY = path.join(WEB, 'dist-ssr', 'entry.js');
const BLOG_DIR = fileURLToPath(new URL('../../content/blog', import.meta.url));
const ROOT_ELEMENT = '<div id="root"></div>';

/** JSON inside a script element: `<` escaped so no `</script>` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function documentOf(template: string, page: PrerenderedPage): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
  return template.replace(
    ROOT_ELEMENT,
    `<div id="root">${page.html}</div>\n    <script type="application/json" id="${PRERENDER_STATE_ID}">${scriptJson(page.state)}</script>`,
  );
}

// React's production build: faster, and the same markup the browser's bundle hydrates.
process.env.NODE_ENV = 'production';
const { renderPage } = (await import(pathToFileURL(SSR_ENTRY).href)) as {
  renderPage: (path: string, data: PrerenderData, options?: { notFound?: boolean }) => Promise<PrerenderedPage>;
};
const blog = await loadBlogIndex(BLOG_DIR, BLOG_PAGE_SIZE);
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
for (const pagePath of paths) write(prerenderedFile(pagePath), documentOf(template, await renderPage(pagePath, data)));
// Rendered at an address no route has; the server sends it, with status 404, for any unknown one.
write('404.html', documentOf(template, await renderPage('/404', data, { notFound: true })));
rmSync(path.join(WEB, 'dist-ssr'), { recursive: true, force: true });
console.log(`pre-rendered ${paths.length + 1} pages`);
