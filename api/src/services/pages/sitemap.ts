import { absoluteUrl, blogPostPath, productPath, ROBOTS_DISALLOW, SITEMAP_PATHS } from '@shop/shared/pages';

// sitemap.xml and robots.txt (docs/rules.md#search-engines-and-link-previews), from the shared page list, the blog files
// and the sellable catalogue.

export interface SitemapEntry {
  path: string;
  /** ISO date or date-time of the last change. */
  lastmod: string;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

export function sitemapEntries(input: {
  builtAt: Date;
  posts: ReadonlyArray<{ slug: string; date: string }>;
  products: ReadonlyArray<{ id: string; updatedAt: string }>;
}): SitemapEntry[] {
  const built = input.builtAt.toISOString();
  const newestPost = input.posts.reduce((max, p) => (p.date > max ? p.date : max), '');
  return [
    // The blog list changes when a post is added, not only when the site is built.
    ...SITEMAP_PATHS.map((path) => ({ path, lastmod: path === '/blog' && newestPost > built ? newestPost : built })),
    ...input.posts.map((p) => ({ path: blogPostPath(p.slug), lastmod: p.date })),
    ...input.products.map((p) => ({ path: productPath(p.id), lastmod: p.updatedAt })),
  ];
}

export function renderSitemap(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(absoluteUrl(publicUrl, e.path))}</loc><lastmod>${escapeXml(e.lastmod)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
