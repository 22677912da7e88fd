import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HtmlValidate } from 'html-validate';
import {
  DEV_PAGE_PATHS,
  EXTRA_STOREFRONT_PATHS,
  PAGE_ROUTES,
  SESSION_HINT_SCRIPT,
  SITEMAP_PATHS,
} from '@shop/shared/pages';
import { ensureWebBuild } from '../../../tests/e2e/helpers/web-build.js';
import { merchantListingProblems } from '../../../tests/fixtures/merchant-listing.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { announce, seedCatalogue, storefrontProduct } from '../catalog/catalog-fixtures.js';

// What a crawler, a link preview or a browser gets before any script runs (docs/rules.md#search-engines-and-link-previews, docs/rules.md#bytes-and-budgets):
// each page's own head, structured data, pre-rendered text, real 404s, sitemap and robots.txt,
// compressed bodies, and no rate limit on pages and files.

const PUBLIC_URL = 'https://shop.example.test';
let t: TestApp;
let base: string;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, still encoded. */
  raw: Buffer;
  /** The body decoded as the browser would. */
  text: string;
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function headTag(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}
const titleOf = (html: string) => headTag(html, /<title>([^<]*)<\/title>/);
const metaOf = (html: string, key: string) =>
  headTag(html, new RegExp(`<meta (?:name|property)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`));
const canonicalOf = (html: string) => headTag(html, /<link rel="canonical" href="([^"]*)"/);
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}
/** Text of the root element as served, tags stripped. */
function rootText(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.slice(start).search(/<(script|noscript)/) + start;
  return html
    .slice(start, end < start ? undefined : end)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ');
}

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_PER_MIN: '40' }, undefined, { serveWeb: true });
  await seedCatalogue(t.store, [
    storefrontProduct('tee-1', {
      title: 'Copperleaf Tee',
      price: 24.5,
      description: 'A soft cotton shirt with the leaf logo.',
    }),
    storefrontProduct('mug-1', { title: 'Copperleaf Mug', price: 14 }),
  ]);
  await seedCatalogue(t.store, [storefrontProduct('old-cap', { title: 'Retired Cap' })], 'archived');
  await announce(t.app, []);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('page heads', () => {
  test('every route without a parameter answers 200 with its own title, description, canonical, Open Graph and Twitter tags', async () => {
    const titles = new Set<string>();
    for (const route of PAGE_ROUTES.filter((r) => !r.path.includes(':'))) {
      const page = await get(route.path);
      expect(page.status, route.path).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const html = page.text;
      const title = titleOf(html);
      expect(title, route.path).toContain(route.meta.title ?? 'web design and development');
      titles.add(title!);
      expect(html.match(/<title>/g), route.path).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), route.path).toHaveLength(1);
      expect(metaOf(html, 'description'), route.path).toBe(
        route.meta.description.replace(/&/g, '&#38;').replace(/'/g, '&#39;'),
      );
      expect(canonicalOf(html), route.path).toBe(`${PUBLIC_URL}${route.meta.canonical ?? route.path}`);
      // The SPA follows the same metadata after a client-side step (web/src/hooks/use-page-meta.ts).
      expect(metaOf(html, 'robots'), route.path).toBe(route.meta.noindex ? 'noindex' : undefined);
      expect(metaOf(html, 'og:image:alt'), route.path).toBeTruthy();
      expect(metaOf(html, 'twitter:image:alt'), route.path).toBe(metaOf(html, 'og:image:alt'));
      expect(metaOf(html, 'og:locale'), route.path).toBe('en_US');
      expect(metaOf(html, 'og:title')).toBe(title);
      expect(metaOf(html, 'og:url')).toBe(canonicalOf(html));
      expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/`));
      expect(metaOf(html, 'og:description')).toBe(metaOf(html, 'description'));
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      // The blog's feed is announced on every page, so a reader finds it from any of them.
      expect(html, route.path).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" [^>]*href="\/blog\/feed.xml"/,
      );
    }
    // Pages differ from each other (aliases share their page's title).
    expect(titles.size).toBeGreaterThan(20);
  });

  test('the link-preview image the pages name is served', async () => {
    const image = metaOf((await get('/about')).text, 'og:image')!;
    const answer = await get(image.slice(PUBLIC_URL.length));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
  });

  test('the home page carries Organization structured data', async () => {
    const [org] = jsonLdOf((await get('/')).text);
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Copperleaf Studio', url: `${PUBLIC_URL}/` });
  });

  test('a product page has the product in its head and JSON-LD Product with an offer', async () => {
    const page = await get('/store/product/tee-1');
    expect(page.status).toBe(200);
    expect(titleOf(page.text)).toBe('Copperleaf Tee | Copperleaf Studio');
    expect(metaOf(page.text, 'description')).toBe('A soft cotton shirt with the leaf logo.');
    expect(canonicalOf(page.text)).toBe(`${PUBLIC_URL}/store/product/tee-1`);
    expect(metaOf(page.text, 'og:image')).toBe(`${PUBLIC_URL}/images/tee-1.png`);
    expect(metaOf(page.text, 'og:type')).toBe('product');
    const [product] = jsonLdOf(page.text);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Copperleaf Tee',
      offers: { '@type': 'Offer', price: '24.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  test('a product whose sizes cost more gives each variant its Offer, where it ships at what rate, and that the store takes no returns, in JSON-LD', async () => {
    const base = storefrontProduct('hoodie-1', { title: 'Copperleaf Hoodie', price: 40 });
    const [m] = base.variants;
    await seedCatalogue(t.store, [
      {
        ...base,
        variants: [
          m,
          { ...m, id: 'hoodie-1-v2', name: 'Copperleaf Hoodie / 2XL', size: '2XL', price: 44, sync_variant_id: 2 },
        ],
      },
    ]);
    await announce(t.app, ['hoodie-1']);
    const [group] = jsonLdOf((await get('/store/product/hoodie-1')).text);
    // Merchant listings take an Offer per variant, never an AggregateOffer (tests/fixtures/merchant-listing.ts).
    expect(merchantListingProblems(group)).toEqual([]);
    expect(group).toMatchObject({ '@type': 'ProductGroup', productGroupID: 'hoodie-1' });
    const offers = (group.hasVariant as Array<{ offers: Record<string, unknown> }>).map((v) => v.offers);
    expect(offers.map((o) => o.price)).toEqual(['40.00', '44.00']);
    expect(offers[0].shippingDetails).toMatchObject({
      '@type': 'OfferShippingDetails',
      shippingDestination: { addressCountry: 'US' },
      // The store's own US rate for one item (DEFAULT_SHIPPING_FLAT_RATES).
      shippingRate: { value: '4.99', currency: 'USD' },
    });
    expect(offers[0].hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    });
  });

  test('a product page carries its breadcrumb trail as JSON-LD BreadcrumbList', async () => {
    const trail = jsonLdOf((await get('/store/product/tee-1')).text).find((d) => d['@type'] === 'BreadcrumbList');
    expect(trail?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Store', item: `${PUBLIC_URL}/store` },
      { '@type': 'ListItem', position: 3, name: 'clothing', item: `${PUBLIC_URL}/store?category=clothing` },
      { '@type': 'ListItem', position: 4, name: 'Copperleaf Tee', item: `${PUBLIC_URL}/store/product/tee-1` },
    ]);
  });

  test('a product no longer sold answers 404 with the not-found page, as its API lookup does (docs/rules.md#only-what-can-ship-is-sold)', async () => {
    const page = await get('/store/product/old-cap');
    expect(page.status).toBe(404);
    expect(jsonLdOf(page.text).some((data) => data['@type'] === 'Product')).toBe(false);
  });

  test('a blog post has its own head, BlogPosting data and its text in the HTML', async () => {
    const page = await get('/blog/what-100ms-is-worth');
    expect(page.status).toBe(200);
    const posting = jsonLdOf(page.text)[0]!;
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      mainEntityOfPage: `${PUBLIC_URL}/blog/what-100ms-is-worth`,
    });
    expect(titleOf(page.text)).toBe(`${posting.headline as string} | Copperleaf Studio`);
    expect(typeof posting.datePublished).toBe('string');
    expect(metaOf(page.text, 'og:type')).toBe('article');
    expect(rootText(page.text)).toContain(posting.headline as string);
    // The article body, not only its title.
    expect(rootText(page.text).length).toBeGreaterThan(1500);
  });

  test('in production the developer pages are not found and the extra storefronts send a shopper on to the store, or to the product an old product link names', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL }, undefined, { serveWeb: true });
    try {
      for (const path of DEV_PAGE_PATHS) {
        const answer = await production.app.inject({ method: 'GET', url: path });
        expect(answer.statusCode, path).toBe(404);
        expect(answer.body, path).toContain('Page not found');
        // The document tells the app it is the not-found page, so the app does not fetch the
        // developer page's route and draw it over the 404 (web/src/app/router.tsx).
        expect(answer.body, path).toMatch(/<script[^>]*id="prerender-state"[^>]*>[^<]*"notFound":true/);
      }
      for (const pattern of EXTRA_STOREFRONT_PATHS) {
        const path = pattern.replace(':productId', '123');
        const answer = await production.app.inject({ method: 'GET', url: path });
        expect(answer.statusCode, path).toBe(301);
        // An old product link lands on that product, the others on the store.
        expect(answer.headers.location, path).toBe(pattern.includes(':productId') ? '/store/product/123' : '/store');
      }
      expect((await production.app.inject({ method: 'GET', url: '/store' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
    // Elsewhere (development, tests) they are pages as the spec names them, never in the sitemap.
    expect((await get('/api-test')).status).toBe(200);
    expect((await get('/store/old')).status).toBe(200);
    for (const pattern of EXTRA_STOREFRONT_PATHS) expect(SITEMAP_PATHS).not.toContain(pattern);
  });

  test('private and developer pages ask not to be indexed', async () => {
    for (const path of ['/store/cart', '/checkout', '/api-test']) {
      expect(metaOf((await get(path)).text, 'robots'), path).toBe('noindex');
    }
    expect(metaOf((await get('/about')).text, 'robots')).toBeUndefined();
  });
});

describe('pre-rendered pages', () => {
  test('marketing pages and the blog list have their main text in the HTML before any script runs', async () => {
    const expectations: Record<string, string> = {
      '/': 'We build websites that load fast, read well and work for everyone.',
      '/about': 'About',
      '/blog': 'What a 100 ms faster page is worth',
      '/packages': 'Launch',
    };
    for (const [path, text] of Object.entries(expectations)) {
      expect(rootText((await get(path)).text), path).toContain(text);
    }
    for (const route of PAGE_ROUTES.filter((r) => r.prerender && !r.path.includes(':'))) {
      expect(rootText((await get(route.path)).text).length, route.path).toBeGreaterThan(300);
    }
  });

  test('the store page carries every product name and price in its HTML before any script runs', async () => {
    const page = await get('/store');
    expect(page.status).toBe(200);
    const text = rootText(page.text);
    expect(text).toContain('Copperleaf Tee');
    expect(text).toContain('$24.50');
    expect(text).toContain('Copperleaf Mug');
    expect(text).toContain('$14.00');
    // Not for sale any more: not on the store page.
    expect(text).not.toContain('Retired Cap');
  });

  test('a product page carries its name, price and description in its HTML before any script runs', async () => {
    const text = rootText((await get('/store/product/tee-1')).text);
    expect(text).toContain('Copperleaf Tee');
    expect(text).toContain('$24.50');
    expect(text).toContain('A soft cotton shirt with the leaf logo.');
  });

  test('a card says "From $X" when the product\'s sizes differ in price, and the one price when they do not', async () => {
    const hoodie = storefrontProduct('hoodie-1', { title: 'Copperleaf Hoodie', price: 38 });
    const medium = hoodie.variants[0]!;
    hoodie.variants = [
      medium,
      { ...medium, id: 'hoodie-1-v2', name: 'Copperleaf Hoodie / XXL', size: 'XXL', price: 42, sync_variant_id: 2 },
    ];
    await seedCatalogue(t.store, [hoodie]);
    await announce(t.app, ['hoodie-1']);
    await expect.poll(async () => rootText((await get('/store')).text)).toContain('From $38.00');
    const text = rootText((await get('/store')).text);
    expect(text).not.toContain('$42.00');
    expect(text).toContain('$24.50');
    expect(text).not.toContain('From $24.50');
  });

  test('a change to the catalogue shows in the next store page', async () => {
    await seedCatalogue(t.store, [storefrontProduct('poster-1', { title: 'Copperleaf Poster', price: 9 })]);
    await announce(t.app, ['poster-1']);
    await expect.poll(async () => rootText((await get('/store')).text)).toContain('Copperleaf Poster');
  });

  // Review finding #26: the header's search is a plain form, so a search typed before the app
  // runs lands on /store?q=..., whose HTML is that search: its results, or "Did you mean" and a
  // few products.
  test('every page has the header search as a form that asks /store for q', async () => {
    for (const path of ['/', '/about', '/blog', '/store/product/tee-1']) {
      const html = (await get(path)).text;
      expect(html, path).toMatch(/<form class="header-search__form" role="search" action="\/store" method="get"/);
      expect(html, path).toMatch(/<input type="search" [^>]*name="q"/);
    }
  });

  test('/store?q= carries that search in its HTML: the matches only, or "Did you mean" with products', async () => {
    const found = await get('/store?q=copperleaf+tee');
    const foundText = rootText(found.text);
    expect(foundText).toContain('Copperleaf Tee');
    expect(foundText).not.toContain('Copperleaf Mug');
    // The app takes over this very page (not the bare /store), so it does not render it afresh.
    expect(found.text).toContain('"search":"?q=copperleaf+tee"');

    // The served text, its quotes unescaped.
    const typo = rootText((await get('/store?q=coperleaf')).text).replaceAll('&quot;', '"');
    expect(typo).toContain('No products match "coperleaf"');
    expect(typo).toContain('Did you mean copperleaf ?');
    expect(typo).toContain('New in the store');
    expect(typo).toContain('Copperleaf Mug');
    expect((await get('/store?q=coperleaf')).text).toContain('href="/store?q=copperleaf"');
  });

  test("the cart's shell is pre-rendered; its lines, which differ per shopper, are left to the browser", async () => {
    const text = rootText((await get('/store/cart')).text);
    expect(text).toContain('The items you have chosen, ready for checkout.');
    expect(text).not.toContain('Your cart is empty.');
  });
});

describe('route code', () => {
  test("a page names its route's code in the HTML, to download with the entry once the page has painted", async () => {
    for (const [path, chunk] of [
      ['/store', 'store'],
      ['/store/product/tee-1', 'product-detail-page'],
      ['/store/cart', 'cart'],
      ['/blog/what-100ms-is-worth', 'blog-post'],
    ] as const) {
      const html = (await get(path)).text;
      const preloads = [...html.matchAll(/<meta name="app-preload" content="([^"]+)"/g)].map((m) => m[1]!);
      const own = preloads.find((href) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(href));
      expect(own, path).toBeDefined();
      expect((await get(own!)).status).toBe(200);
      // Nothing in the head fetches a script before the first paint: boot.js requests them after it.
      expect(html, path).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
      expect(html, path).toMatch(/<meta name="app-entry" content="\/assets\/index-[\w-]+\.js" \/>/);
      expect(html, path).toContain('<script defer src="/boot.js"></script>');
    }
  });

  test("a route's chunks are named each after the chunks it imports, the order boot.js runs them in, one per task", async () => {
    for (const path of ['/store', '/store/product/tee-1', '/store/cart']) {
      const html = (await get(path)).text;
      const route = html.slice(0, html.indexOf('<meta name="app-entry"'));
      const named = [...route.matchAll(/<meta name="app-preload" content="([^"]+)"/g)].map((m) => m[1]!);
      expect(named.length, path).toBeGreaterThan(1);
      for (const [index, href] of named.entries()) {
        const code = (await get(href)).text;
        const imports = [...code.matchAll(/from\s*"\.\/([^"]+\.js)"/g)].map((m) => `/assets/${m[1]}`);
        for (const imported of imports.filter((i) => named.includes(i)))
          expect(named.indexOf(imported), `${path}: ${href} imports ${imported}`).toBeLessThan(index);
      }
    }
  });

  test("every page marks a signed-in shopper's visit before it paints, with the one inline script the policy allows", async () => {
    const hash = `'sha256-${createHash('sha256').update(SESSION_HINT_SCRIPT).digest('base64')}'`;
    for (const path of ['/', '/store', '/store/product/tee-1', '/store/cart', '/about']) {
      const answer = await get(path);
      // In the head, before the stylesheets, so the first paint already knows.
      const head = answer.text.slice(0, answer.text.indexOf('<link rel="stylesheet"'));
      expect(head, path).toContain(`<script>${SESSION_HINT_SCRIPT}</script>`);
      const scriptSrc = String(answer.headers['content-security-policy']).match(/script-src ([^;]*)/)?.[1];
      expect(scriptSrc, path).toContain(hash);
      expect(scriptSrc, path).not.toContain('unsafe-inline');
    }
  });

  test("a route's stylesheets come after the site-wide one, so its rules win over the global ones", async () => {
    const sheets = [...(await get('/store')).text.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    const entry = sheets.findIndex((href) => /\/assets\/index-[\w-]+\.css$/.test(href));
    expect(entry).toBeGreaterThanOrEqual(0);
    // The store's own sheet exists and is named after the entry's.
    expect(sheets.length).toBeGreaterThan(entry + 1);
  });

  test('the quote form is styled by the stylesheets its page names, before the app runs', async () => {
    const hrefs = [
      ...(await get('/contact/quote')).text.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)"/g),
    ];
    const css = (await Promise.all(hrefs.map((m) => get(m[1]!)))).map((answer) => answer.text).join('\n');
    for (const rule of ['.quote-layout', '.checkbox-grid', '.quote-aside', '.status-screen', '.consent-banner'])
      expect(css, rule).toContain(rule);
    // The quote form's rules come with its route, not with every page.
    const about = [...(await get('/about')).text.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)"/g)];
    const aboutCss = (await Promise.all(about.map((m) => get(m[1]!)))).map((answer) => answer.text).join('\n');
    expect(aboutCss).not.toContain('.quote-layout');
  });

  test("the product page's main image and the store's first card image are preloaded with the HTML", async () => {
    expect((await get('/store/product/tee-1')).text).toContain(
      '<link rel="preload" as="image" href="/images/tee-1.png" fetchpriority="high" />',
    );
    // The newest product is the store's first card.
    const newest = JSON.parse((await get('/api/products?limit=1')).text).products[0].thumbnail_url as string;
    expect((await get('/store')).text).toContain(
      `<link rel="preload" as="image" href="${newest}" fetchpriority="high" />`,
    );
  });
});

describe('cookie banner', () => {
  const BANNER_TEXT = 'We use one cookie to remember this choice.';
  // The banner follows the skip link at the start of the root, where the layout renders it, so
  // hydration adopts it and its buttons come right after the skip link in the tab order.
  const SKIP_LINK = '<a class="skip-link" href="#main">Skip to main content</a>';
  const afterSkipLink = (html: string) => {
    const root = html.indexOf('<div id="root">');
    const skip = html.indexOf(SKIP_LINK, root);
    // Before the skip link only resource hints React hoists (a product image's preload).
    if (root === -1 || skip === -1 || !/^<div id="root">(<link [^>]*>)*$/.test(html.slice(root, skip))) return '';
    return html.slice(skip + SKIP_LINK.length);
  };
  const bannerAtStart = /^<section [^>]*class="consent-banner"[^>]*>[\s\S]*?<\/section>/;
  const PAGES = ['/', '/about', '/blog/what-100ms-is-worth', '/store', '/store/product/tee-1', '/store/cart'];

  test('a first visit (no consent cookie) gets the banner in the HTML, right after the skip link, its buttons a form that works before the script', async () => {
    for (const path of PAGES) {
      const html = (await get(path)).text;
      expect(rootText(html), path).toContain(BANNER_TEXT);
      const banner = afterSkipLink(html).match(bannerAtStart)?.[0] ?? '';
      expect(banner, path).toContain(BANNER_TEXT);
      const buttons = [...banner.matchAll(/<button [^>]*>(Decline|Accept)<\/button>/g)];
      expect(
        buttons.map((m) => m[1]),
        path,
      ).toEqual(['Decline', 'Accept']);
      // A tap before the script posts the choice and comes back to this very page.
      for (const [button] of buttons) expect(button, path).not.toMatch(/\sdisabled/);
      expect(banner, path).toMatch(/<form [^>]*action="\/consent" method="post"/);
      expect(banner, path).toContain(`<input type="hidden" name="return" value="${path}"/>`);
      expect(html.match(/class="consent-banner"/g), path).toHaveLength(1);
    }
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(rootText(missing.text)).toContain(BANNER_TEXT);
  });

  test('a visitor who accepted or declined gets the page without it', async () => {
    for (const value of ['accepted', 'declined']) {
      for (const path of [...PAGES, '/no-such-page']) {
        const html = (await get(path, { cookie: `theme=dark; cookie-consent=${value}` })).text;
        expect(rootText(html), `${path} ${value}`).not.toContain(BANNER_TEXT);
        expect(rootText(html), `${path} ${value}`).toContain('Copperleaf Studio');
      }
    }
    // Any other value is no answer: the banner asks again, as the SPA does.
    expect(rootText((await get('/', { cookie: 'cookie-consent=maybe' })).text)).toContain(BANNER_TEXT);
  });

  test('a page the SPA renders afresh (the shell) is left without it: the SPA shows it itself', async () => {
    const html = (await get('/login')).text;
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('consent-banner');
  });

  test('the two versions of a page have their own ETag, and the answer says it varies with the cookie', async () => {
    const first = await get('/store');
    const answered = await get('/store', { cookie: 'cookie-consent=declined' });
    expect(first.headers.etag).toBeDefined();
    expect(answered.headers.etag).toBeDefined();
    expect(first.headers.etag).not.toBe(answered.headers.etag);
    for (const answer of [first, answered, await get('/no-such-page')]) expect(answer.headers.vary).toMatch(/Cookie/);
    // A browser that answered the banner since its copy was made gets the page anew, not a 304.
    const revalidated = await get('/store', {
      cookie: 'cookie-consent=declined',
      'if-none-match': first.headers.etag as string,
    });
    expect(revalidated.status).toBe(200);
    expect(rootText(revalidated.text)).not.toContain(BANNER_TEXT);
    const unchanged = await get('/store', { 'if-none-match': first.headers.etag as string });
    expect(unchanged.status).toBe(304);
  });
});

describe('every page of the SPA', () => {
  // The SPA's router is the list of its pages: each of them must answer 200 (the pre-rendered page
  // or the shell), or a refund e-mail's link to /account lands on an error status (docs/rules.md#the-signed-in-shopper).
  // With the routes it adds when one of them is visited (the admin's, the developer pages).
  const routerPaths = ['router.tsx', 'extra-routes.tsx']
    .flatMap((file) => [
      ...readFileSync(new URL(`../../../web/src/app/${file}`, import.meta.url), 'utf8').matchAll(/\bpath: '([^'*]+)'/g),
    ])
    .map((m) => `/${m[1]!}`.replace(/\/+/g, '/'))
    .map((p) => p.replace(':slug', 'what-100ms-is-worth').replace(':productId', 'tee-1'));

  test('sign-in, account, every admin page and every other route of the router answer 200', async () => {
    expect(routerPaths).toEqual(expect.arrayContaining(['/login', '/account', '/admin/orders', '/admin/sync']));
    for (const path of routerPaths) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
    }
  });

  test('account and admin pages ask not to be indexed', async () => {
    for (const path of ['/account', '/admin/orders', '/admin/sync']) {
      expect(metaOf((await get(path)).text, 'robots'), path).toBe('noindex');
    }
  });
});

describe('not found', () => {
  test('an unknown page, blog slug or product answers 404 with the not-found page', async () => {
    for (const path of [
      '/no-such-page',
      '/blog/no-such-post',
      '/blog/Not_A_Slug',
      '/store/product/no-such-product',
      '/store/deep/unknown/path',
    ]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.headers['content-type'], path).toMatch(/^text\/html/);
      expect(titleOf(page.text), path).toBe('Page not found | Copperleaf Studio');
      expect(metaOf(page.text, 'robots')).toBe('noindex');
      // No canonical: a 404 is no duplicate of the home page.
      expect(page.text, path).not.toMatch(/<link rel="canonical"/);
      expect(rootText(page.text), path).toContain('The page you asked for does not exist or has moved.');
    }
  });

  test('an unknown API route still answers the JSON error format', async () => {
    const answer = await get('/api/no-such-route');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({ error: { code: 'not-found', message: expect.any(String) } });
  });
});

describe('HTML conformance', () => {
  test('the pages a shopper lands on are valid HTML, the store with its facets included', async () => {
    // html-validate's standard rules (WHATWG content models, ARIA use): a validator this project did not write.
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    const problems: string[] = [];
    for (const path of [
      '/',
      '/store',
      '/store/product/tee-1',
      '/blog',
      '/blog/what-100ms-is-worth',
      '/contact/quote',
    ]) {
      const report = await validator.validateString((await get(path)).text);
      for (const result of report.results)
        for (const m of result.messages) problems.push(`${path} ${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('sitemap and robots', () => {
  test('sitemap.xml lists the public routes, every blog post and every sellable product with absolute URLs, dated by their content', async () => {
    const answer = await get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const entries = [...answer.text.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
      (m) => ({ loc: m[1]!, lastmod: m[2] }),
    );
    const locs = entries.map((e) => e.loc);
    for (const path of SITEMAP_PATHS) expect(locs).toContain(`${PUBLIC_URL}${path}`);
    expect(locs).toContain(`${PUBLIC_URL}/blog/what-100ms-is-worth`);
    // Every post, and the page on following the blog.
    expect(locs.filter((l) => l.includes('/blog/'))).toHaveLength(6);
    expect(locs).toContain(`${PUBLIC_URL}/blog/subscribe`);
    expect(locs).toContain(`${PUBLIC_URL}/store/product/tee-1`);
    expect(locs).toContain(`${PUBLIC_URL}/store/product/mug-1`);
    expect(locs).not.toContain(`${PUBLIC_URL}/store/product/old-cap`);
    // Nothing whose HTML is only the app's shell or another page's copy: /products shows the
    // store's products (its canonical is /store), the print partner's list is no page in production.
    for (const hidden of [
      '/store/cart',
      '/checkout',
      '/api-test',
      '/admin/sync',
      '/templates',
      '/products',
      '/store/printful',
    ])
      expect(locs).not.toContain(`${PUBLIC_URL}${hidden}`);
    expect(entries.find((e) => e.loc.endsWith('/store/product/tee-1'))!.lastmod).toBe('2025-01-01T00:00:00.000Z');
    // A deploy is no change of the fixed pages: they carry no date; the lists carry their newest item's.
    expect(entries.find((e) => e.loc === `${PUBLIC_URL}/about`)!.lastmod).toBeUndefined();
    expect(entries.find((e) => e.loc === `${PUBLIC_URL}/store`)!.lastmod).toBeDefined();
    expect(entries.find((e) => e.loc === `${PUBLIC_URL}/blog`)!.lastmod).toBeDefined();
    for (const e of entries) if (e.lastmod) expect(Number.isNaN(Date.parse(e.lastmod)), e.loc).toBe(false);
  });

  test('a product added to the catalogue appears in the sitemap', async () => {
    await seedCatalogue(t.store, [storefrontProduct('hat-9', { title: 'New Hat' })]);
    await announce(t.app, ['hat-9']);
    expect((await get('/sitemap.xml')).text).toContain(`${PUBLIC_URL}/store/product/hat-9`);
  });

  test("robots.txt names the sitemap and keeps crawlers off the API only, so they read each private page's noindex", async () => {
    const answer = await get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const lines = answer.text.split('\n');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toEqual(['Disallow: /api/']);
    // A first-match reader (Python's robotparser) must meet the Disallow before any Allow.
    const allow = lines.findIndex((l) => l.startsWith('Allow:'));
    expect(allow === -1 || allow > lines.indexOf('Disallow: /api/')).toBe(true);
    // A page kept out of results says so itself, where a crawler can read it.
    for (const path of ['/store/cart', '/checkout', '/store/order-success', '/login', '/admin/orders', '/account'])
      expect(metaOf((await get(path)).text, 'robots'), path).toBe('noindex');
  });
});

describe('compression and caching', () => {
  /** The largest script the home page starts with: the app's shell (the entry module itself is a few hundred bytes). */
  async function scriptPath(): Promise<string> {
    const html = (await get('/')).text;
    const scripts = [...html.matchAll(/<meta name="app-(?:entry|preload)" content="([^"]+\.js)"/g)].map((m) => m[1]!);
    const sizes = await Promise.all(
      scripts.map(async (script) => ({
        script,
        bytes: (await get(script, { 'accept-encoding': 'identity' })).raw.length,
      })),
    );
    return sizes.sort((a, b) => b.bytes - a.bytes)[0]!.script;
  }

  test('built assets are sent pre-compressed, brotli or gzip as asked, with Vary and a year of immutable caching', async () => {
    const script = await scriptPath();
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(script, { 'accept-encoding': 'gzip' });
    const plain = await get(script, { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const answer of [br, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.text).toBe(plain.text);
    }
    expect(br.raw.length).toBeLessThan(plain.raw.length / 2);
  });

  test('a script or stylesheet carries no page-only security headers, and keeps the ones that apply to it', async () => {
    const page = await get('/about');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const sheet = (await get('/about')).text.match(/<link rel="stylesheet" crossorigin href="([^"]+)"/)![1]!;
    for (const file of [await scriptPath(), sheet]) {
      const answer = await get(file, { 'accept-encoding': 'br' });
      expect(answer.status, file).toBe(200);
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
      ]) {
        expect(answer.headers[name], `${file} ${name}`).toBeUndefined();
      }
      expect(answer.headers['x-content-type-options'], file).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy'], file).toBe('same-origin');
      expect(answer.headers['referrer-policy'], file).toBe('no-referrer');
    }
    // An SVG can be opened as a page of its own: it keeps the policy.
    const image = await get('/images/placeholder-product.svg');
    expect(image.headers['content-security-policy']).toContain("script-src 'self'");
  });

  test("the shop's pictures that e-mails and link previews show can be loaded by other sites", async () => {
    // A webmail page loads the e-mail's logo from its own origin: same-origin would refuse it.
    for (const file of ['/images/logo-96.png', '/images/share-card.png']) {
      const answer = await get(file);
      expect(answer.status, file).toBe(200);
      expect(answer.headers['cross-origin-resource-policy'], file).toBe('cross-origin');
    }
    // Pages and the app's files keep same-origin.
    expect((await get('/about')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  test('pages, sitemap and catalogue JSON are compressed with Vary; small answers are not', async () => {
    for (const path of [
      '/',
      '/blog/what-100ms-is-worth',
      '/store/product/tee-1',
      '/no-such-page',
      '/api/products',
      '/api/blog',
    ]) {
      for (const encoding of ['br', 'gzip'] as const) {
        const answer = await get(path, { 'accept-encoding': encoding });
        expect(answer.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
        expect(answer.headers.vary, path).toMatch(/Accept-Encoding/i);
      }
      const plain = await get(path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
    }
    const products = await get('/api/products', { 'accept-encoding': 'br' });
    expect(JSON.parse(products.text).products.map((p: { id: string }) => p.id)).toContain('tee-1');
    expect((await get('/api/health', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    expect((await get('/robots.txt', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });

  test('pages and files do not count against the API rate limit; the API does', async () => {
    // The app allows 40 API requests a minute per client here.
    const script = await scriptPath();
    for (let i = 0; i < 45; i++) {
      expect((await get('/')).status).toBe(200);
      expect((await get(script)).status).toBe(200);
      expect((await get('/favicon.svg')).status).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await get('/api/blog')).status);
    expect(statuses).toContain(429);
    expect((await get('/store')).status).toBe(200);
  });
});
