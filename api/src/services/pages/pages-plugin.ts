import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { AppError, BLOG_PAGE_SIZE, isConsentValue, STORAGE_KEYS } from '@shop/shared';
import { blogSlugSchema, productParamsSchema } from '@shop/shared/schemas';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import {
  blogPostHead,
  NOT_FOUND_MODULE,
  PAGE_META,
  PAGE_ROUTES,
  productHead,
  renderPageHead,
  staticPageHead,
  type PageHead,
  type PageRoute,
} from '@shop/shared/pages';
import { loadBlogIndex } from '../../routes/blog/blog-posts.js';
import { BLOG_CONTENT_DIR } from '../../routes/blog/index.js';
import { findProduct } from '../catalog/product-by-id.js';
import { etagOf, isNotModified, RenderedResponses, type RenderedResponse } from '../catalog/rendered-responses.js';
import { addVary, Precompressed, sendPrecompressed } from '../http/precompressed.js';
import {
  loadPageDocuments,
  loadStoreRenderer,
  withConsentBanner,
  withHead,
  type PageDocuments,
  type StoreRenderer,
} from './page-documents.js';
import { renderRobots, renderSitemap, sitemapEntries } from './sitemap.js';
import { BLOG_FEED_PATH, renderBlogFeed } from './blog-feed.js';

// Every page of the SPA answered with its own head (DESIGN.md section 12.4): the pre-rendered
// document when the build made one, otherwise the shell, with the title, description, canonical,
// Open Graph, Twitter and JSON-LD tags of that page written in. Unknown blog posts and products
// answer 404 with the not-found page. Pages and the sitemap are rendered and compressed once per
// catalogue version. Pages are not API requests: the rate limit leaves them alone.

export interface PagesOptions {
  /** Answer the SPA's pages (default true); without, only sitemap.xml and robots.txt. */
  serveWeb?: boolean;
  /** Folder of the built SPA; defaults to WEB_DIST. */
  root?: string;
  /** Blog posts (tests); defaults to content/blog. */
  blogDir?: URL | string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The not-found page, or null when there is no SPA build (the API answers JSON). */
    notFoundPage: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
  }
}

function imagePreload(href: string): string {
  const escaped = href.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<link rel="preload" as="image" href="${escaped}" fetchpriority="high" />`;
}

function firstCardImage(product: StorefrontProduct | undefined): string | undefined {
  return product ? product.thumbnail_url || product.images[0] || undefined : undefined;
}

function textAnswer(html: string): RenderedResponse {
  return { body: html, bytes: new Precompressed(html), etag: etagOf(html) };
}

/**
 * Whether the visitor has answered the cookie banner: the consent cookie the SPA writes holds
 * 'accepted' or 'declined'. Anything else is a first visit, for which the page is sent with the
 * banner in it.
 */
export function hasConsentCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return header !== undefined && isConsentValue(fastifyCookie.parse(header)[STORAGE_KEYS.cookieConsent]);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedResponse, status = 200): FastifyReply {
  reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
  // The page differs with the consent cookie (the banner), so a shared cache must key on it.
  addVary(reply, 'Cookie');
  if (status === 200) {
    reply.header('ETag', page.etag);
    if (isNotModified(request, page.etag)) return reply.status(304).send();
  }
  return sendPrecompressed(request, reply.status(status), page.bytes);
}

async function pages(app: FastifyInstance, options: PagesOptions) {
  const publicUrl = app.config.PUBLIC_URL;
  const documents: PageDocuments | null =
    options.serveWeb === false ? null : await loadPageDocuments(path.resolve(options.root ?? app.config.WEB_DIST));
  const blog = await loadBlogIndex(options.blogDir ?? BLOG_CONTENT_DIR, BLOG_PAGE_SIZE);
  const rendered = new RenderedResponses();
  const noRateLimit = { config: { rateLimit: false as const } };

  // `image`: the page's largest paint, fetched with the HTML rather than after the script asks,
  // and named before the route's scripts so it is requested ahead of them.
  const headHtml = (head: PageHead, module: string, image?: string) =>
    [renderPageHead(head), image ? imagePreload(image) : '', documents?.preloads(module) ?? '']
      .filter(Boolean)
      .join('\n    ');
  // A page for this request: with the cookie banner in it when the visitor has not answered it.
  const banner = documents?.consentBanner ?? null;
  const bannerFor = (request: FastifyRequest) => (banner !== null && !hasConsentCookie(request) ? banner : null);
  const forVisitor = (document: string, withBanner: string | null) =>
    withBanner === null ? document : withConsentBanner(document, withBanner);
  const notFoundDocument = documents
    ? withHead(
        documents.notFound(),
        headHtml(staticPageHead(PAGE_META.notFound, '/', publicUrl, { noindex: true }), NOT_FOUND_MODULE),
      )
    : null;
  const notFoundAnswers = notFoundDocument
    ? { answered: textAnswer(notFoundDocument), firstVisit: textAnswer(forVisitor(notFoundDocument, banner)) }
    : null;
  app.decorate(
    'notFoundPage',
    notFoundAnswers
      ? (request: FastifyRequest, reply: FastifyReply) =>
          sendPage(request, reply, bannerFor(request) ? notFoundAnswers.firstVisit : notFoundAnswers.answered, 404)
      : null,
  );

  const robots = renderRobots(publicUrl);
  app.get('/robots.txt', noRateLimit, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );

  app.get('/sitemap.xml', noRateLimit, async (request, reply) => {
    await app.catalog.ready();
    const answer = rendered.get(app.catalog.version, 'sitemap.xml', () =>
      textAnswer(
        renderSitemap(
          sitemapEntries({
            builtAt: documents?.builtAt ?? new Date(0),
            posts: blog.all(),
            products: app.catalog.activeProducts(),
          }),
          publicUrl,
        ),
      ),
    );
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8');
    return sendPrecompressed(request, reply, answer.bytes);
  });

  const feed = textAnswer(renderBlogFeed(blog.all(), publicUrl));
  app.get(BLOG_FEED_PATH, noRateLimit, async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600').type('application/rss+xml; charset=utf-8');
    return sendPrecompressed(request, reply, feed.bytes);
  });

  if (!documents) return;
  // `document`: a page rendered on request (the store pages), else the build's document of the path.
  const page = (
    request: FastifyRequest,
    key: string,
    route: PageRoute,
    head: () => PageHead,
    pathname: string,
    image?: () => string | undefined,
    document?: string,
  ) => {
    const withBanner = bannerFor(request);
    return rendered.get(app.catalog.version, withBanner === null ? key : `${key}\nconsent-banner`, () =>
      textAnswer(
        forVisitor(
          withHead(document ?? documents.forPath(pathname), headHtml(head(), route.module, image?.())),
          withBanner,
        ),
      ),
    );
  };

  // The store and product pages change with the catalogue, so they are rendered here, from the
  // read model, once per catalogue version (not at build): their products and prices are in the
  // HTML before any script runs, and the SPA hydrates them with the same data.
  let storeRenderer: StoreRenderer | null = null;
  try {
    storeRenderer = await loadStoreRenderer(path.resolve(options.root ?? app.config.WEB_DIST), documents.shell);
  } catch (e) {
    app.log.warn({ err: e }, 'store pages are rendered in the browser: the server render did not load');
  }
  const storeDocuments = new Map<string, Promise<string | undefined>>();
  let storeVersion = -1;
  const storeDocument = (
    key: string,
    pathname: string,
    data: () => Parameters<StoreRenderer['render']>[1],
  ): Promise<string | undefined> => {
    if (!storeRenderer) return Promise.resolve(undefined);
    if (storeVersion !== app.catalog.version) {
      storeDocuments.clear();
      storeVersion = app.catalog.version;
    }
    let document = storeDocuments.get(key);
    if (!document) {
      const renderer = storeRenderer;
      // A render that throws leaves the page to the SPA (the shell), as without a server render.
      document = renderer.render(pathname, data()).catch((e: unknown) => {
        app.log.error({ err: e, pathname }, 'store page server render failed; answering the shell');
        storeDocuments.delete(key);
        return undefined;
      });
      storeDocuments.set(key, document);
    }
    return document;
  };

  const headOf = (route: PageRoute, pathname: string) =>
    staticPageHead(route.meta, route.canonical ?? pathname, publicUrl, {
      home: route.path === '/',
      noindex: route.visibility === 'private' || route.visibility === 'dev',
    });

  for (const route of PAGE_ROUTES) {
    if (route.path === '/blog/:slug') {
      app.get<{ Params: { slug: string } }>(route.path, noRateLimit, async (request, reply) => {
        const slug = blogSlugSchema.safeParse(request.params.slug);
        const post = slug.success ? blog.get(slug.data) : undefined;
        if (!post) return app.notFoundPage!(request, reply);
        const pathname = `/blog/${post.slug}`;
        return sendPage(
          request,
          reply,
          page(request, pathname, route, () => blogPostHead(post, publicUrl), pathname),
        );
      });
    } else if (route.path === '/store/product/:productId') {
      app.get<{ Params: { productId: string } }>(route.path, noRateLimit, async (request, reply) => {
        const params = productParamsSchema.safeParse({ id: request.params.productId });
        if (!params.success) return app.notFoundPage!(request, reply);
        const id = params.data.id;
        let product;
        try {
          product = await findProduct(app.catalog, app.store, id);
        } catch (e) {
          if (e instanceof AppError && e.code === 'not-found') return app.notFoundPage!(request, reply);
          // The store is down: the SPA shows its cached or built-in products, so give it the shell.
          request.log.warn({ err: e }, 'product page without its product data');
          const pathname = request.url.split('?')[0] ?? route.path;
          return sendPage(
            request,
            reply,
            textAnswer(withHead(documents.forPath(pathname), headHtml(headOf(route, pathname), route.module))),
          );
        }
        const pathname = `/store/product/${encodeURIComponent(product.id)}`;
        const available = app.catalog.isListed(product.id);
        const key = `product\n${product.id}`;
        const document = await storeDocument(key, pathname, () => ({
          products: app.catalog.activeProducts(),
          product,
        }));
        const image = () => product.images[0] || product.thumbnail_url || undefined;
        return sendPage(
          request,
          reply,
          page(request, key, route, () => productHead(product, publicUrl, { available }), pathname, image, document),
        );
      });
    } else {
      // Routes with a parameter but no data of their own (a Printful product) get their route's head.
      app.get(route.path, noRateLimit, async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? route.path;
        const key = route.path.includes(':') ? `route\n${pathname}` : route.path;
        // The store's first card image is its largest paint.
        const image =
          route.path === '/store' ? () => firstCardImage(app.catalog.listPage({ limit: 1 }).products[0]) : undefined;
        let document: string | undefined;
        if (route.path === '/store') {
          // Without the catalogue (store down) the SPA's own fallbacks render the page.
          const ready = await app.catalog.ready().then(
            () => true,
            () => false,
          );
          if (ready)
            document = await storeDocument(key, route.path, () => ({ products: app.catalog.activeProducts() }));
        }
        return sendPage(
          request,
          reply,
          page(
            request,
            key,
            route,
            () => headOf(route, pathname),
            route.path.includes(':') ? pathname : route.path,
            image,
            document,
          ),
        );
      });
    }
  }
}

export default fp(pages, { name: 'pages', dependencies: ['catalog'] });
