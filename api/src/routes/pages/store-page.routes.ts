import type { FastifyInstance } from 'fastify';
import type { PageRoute } from '@shop/shared/pages';
import type { PageAnswers } from '../../services/pages/page-answers.js';
import { sendPage } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

// The storefront, rendered on request from the read model (once per catalogue version).
export default async function storePageRoute(
  app: FastifyInstance,
  { route, pages }: { route: PageRoute; pages: PageAnswers },
) {
  app.get(route.path, NO_RATE_LIMIT, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? route.path;
    // Without the catalogue (store down) the SPA's own fallbacks render the page.
    const ready = await app.catalog.ready().then(
      () => true,
      () => false,
    );
    const document = ready
      ? await pages.storeDocument(route.path, route.path, () => ({ products: app.catalog.activeProducts() }))
      : undefined;
    return sendPage(
      request,
      reply,
      pages.page(request, {
        key: route.path,
        route,
        head: () => pages.routeHead(route, pathname),
        // The first card's image is the largest paint.
        image: () => {
          const first = app.catalog.listPage({ limit: 1 }).products[0];
          return first ? first.thumbnail_url || first.images[0] || undefined : undefined;
        },
        document,
      }),
    );
  });
}
