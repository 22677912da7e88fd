import { absoluteUrl, blogPostPath, productPath, ROBOTS_DISALLOW, SITEMAP_PATHS } from '@shop/shared/pages';

// sitemap.xml and robots.txt (docs/rules.md#search-engines-and-link-previews), from the shared page list, the blog files
// and the sellable catalogue.

export interface SitemapEntry {
  path: string;
  /**
   * ISO date or date-time of the last change of the page's content, where one is known (a post,
   * a product, the lists of either). Left out for the fixed pages: a deploy is no change of their
   * content, and search engines ignore dates they find inaccurate.
   */
  lastmod?: string;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

const newest = (dates: readonly string[]): string | undefined =>
  dates.reduce<string | undefined>((max, d) => (max === undefined || d > max ? d : max), undefined);

export function sitemapEntries(input: {
  posts: ReadonlyArray<{ slug: string; date: string }>;
  products: ReadonlyArray<{ id: string; updatedAt: string }>;
}): SitemapEntry[] {
  // The blog changes with its newest post, the store with its latest changed product.
  const listChanged: Record<string, string | undefined> = {
    '/blog': newest(input.posts.map((p) => p.date)),
    '/store': newest(input.products.map((p) => p.updatedAt)),
  };
  return [
    ...SITEMAP_PATHS.map((path) => {
      const lastmod = listChanged[path];
      return lastmod === undefined ? { path } : { path, lastmod };
    }),
    ...input.posts.map((p) => ({ path: blogPostPath(p.slug), lastmod: p.date })),
    ...input.products.map((p) => ({ path: productPath(p.id), lastmod: p.updatedAt })),
  ];
}

export function renderSitemap(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(absoluteUrl(publicUrl, e.path))}</loc>${e.lastmod === undefined ? '' : `<lastmod>${escapeXml(e.lastmod)}</lastmod>`}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    // Disallow first: Google takes the longest match, but first-match readers take the first line.
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
