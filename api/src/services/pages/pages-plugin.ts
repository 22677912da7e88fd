import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_ROUTES } from '@shop/shared/pages';
import { loadPageDocuments } from './page-documents.js';
import { PageAnswers } from './page-answers.js';
import { sendPage } from './send-page.js';
import { pickerStateOf, resolvePageCurrencies } from '../currency/page-currency.js';
import { loadStoreRenderer, StoreDocuments, type StoreRenderer } from './store-renderer.js';

// The SPA build's pages as a service (app.pages): read once at start, rendered per request kind
// and catalogue version by PageAnswers; the routes under routes/pages answer with them. Without a
// build (the API alone) app.pages is null and only sitemap.xml, robots.txt and the feed are served.

export interface PagesOptions {
  /** Answer the SPA's pages (default true); without, app.pages is null. */
  serveWeb?: boolean;
  /** Folder of the built SPA; defaults to WEB_DIST. */
  root?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: PageAnswers | null;
    /** The not-found page, or null when there is no SPA build (the API answers JSON). */
    notFoundPage: ((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null;
  }
}

async function pages(app: FastifyInstance, options: PagesOptions) {
  const root = path.resolve(options.root ?? app.config.WEB_DIST);
  const documents = options.serveWeb === false ? null : await loadPageDocuments(root);
  let storeRenderer: StoreRenderer | null = null;
  if (documents) {
    try {
      storeRenderer = await loadStoreRenderer(root, documents.shell);
    } catch (e) {
      app.log.warn({ err: e }, 'store pages are rendered in the browser: the server render did not load');
    }
  }
  const answers = documents
    ? new PageAnswers(
        documents,
        app.config.PUBLIC_URL,
        () => app.catalog.version,
        new StoreDocuments(storeRenderer, app.log),
        (request) => pickerStateOf(app, request),
      )
    : null;
  // Every page of the SPA is answered in the shopper's currency, which the answer remembers.
  if (answers) resolvePageCurrencies(app, new Set(PAGE_ROUTES.map((r) => r.path)));
  app.decorate('pages', answers);
  app.decorate(
    'notFoundPage',
    answers
      ? (request: FastifyRequest, reply: FastifyReply) => sendPage(request, reply, answers.notFound(request), 404)
      : null,
  );
}

export default fp(pages, { name: 'pages', dependencies: ['catalog'] });
