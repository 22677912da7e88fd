import type { FastifyInstance } from 'fastify';
import type { PageRoute } from '@shop/shared/pages';
import type { PageAnswers } from '../../services/pages/page-answers.js';
import { sendPage } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

// Pages with no data of their own: the build's document (pre-rendered or the shell) and the
// route's head. A route with a parameter (a Printful product) gets one answer per address.
export default async function staticPagesRoutes(
  app: FastifyInstance,
  { routes, pages }: { routes: readonly PageRoute[]; pages: PageAnswers },
) {
  for (const route of routes) {
    const parameterised = route.path.includes(':');
    app.get(route.path, NO_RATE_LIMIT, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? route.path;
      return sendPage(
        request,
        reply,
        pages.page(request, {
          key: parameterised ? `route\n${pathname}` : route.path,
          route,
          pathname: parameterised ? pathname : route.path,
          head: () => pages.routeHead(route, pathname),
        }),
      );
    });
  }
}
