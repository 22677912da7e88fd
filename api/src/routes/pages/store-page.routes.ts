import type { FastifyInstance } from 'fastify';
import type { PageRoute } from '@shop/shared/pages';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import type { PageAnswers } from '../../services/pages/page-answers.js';
import { sendPage } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';
import { productsSnapshot } from '../../services/catalog/products-snapshot.js';
import { pageCurrencyOf, pickerStateOf } from '../../services/currency/page-currency.js';
import { localiseProduct } from '@shop/shared/domain/currency';

// The storefront, rendered on request from the read model (once per catalogue version). A query
// string (the header's search form posts `?q=` before the app runs) is rendered too, so the
// results, "Did you mean" and the products offered instead are in the page's HTML.

/** Longer query strings are left to the SPA (a search's q is at most 200 characters). */
const MAX_RENDERED_SEARCH = 300;

export default async function storePageRoute(
  app: FastifyInstance,
  { route, pages }: { route: PageRoute; pages: PageAnswers },
) {
  app.get(route.path, NO_RATE_LIMIT, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? route.path;
    const query = request.url.slice(pathname.length);
    const search = query.length > 1 && query.length <= MAX_RENDERED_SEARCH ? query : '';
    // Without the catalogue (store down) the SPA's own fallbacks render the page.
    const ready = await app.catalog.ready().then(
      () => true,
      () => false,
    );
    // Priced in the shopper's currency (docs/rules.md#local-prices), rendered once per pricing.
    const pricing = await app.localPrices.pricing(pageCurrencyOf(app, request).currency);
    const key = route.path + search;
    const document = ready
      ? await pages.storeDocument(
          `${key}\n${pricing.stamp}`,
          key,
          () => ({
            products: app.catalog.activeProducts().map((p) => localiseProduct(p, pricing)),
            currency: pickerStateOf(app, request),
            // The live stream's USD snapshot id; another currency's list is sent by the stream again.
            ...(pricing.currency === 'USD' ? { version: productsSnapshot(app.catalog).etag } : {}),
          }),
          {
            searched: search !== '',
          },
        )
      : undefined;
    return sendPage(
      request,
      reply,
      pages.page(request, {
        key: `${key}\n${pricing.stamp}`,
        route,
        head: () => pages.routeHead(route, pathname),
        // The first card's image is the largest paint.
        image: () => {
          const first = app.catalog.listPage({ limit: 1 }).products[0];
          const url = first ? first.thumbnail_url || first.images[0] : undefined;
          return url ? { url, sizes: PICTURE_SIZES.card } : undefined;
        },
        document,
      }),
    );
  });
}
