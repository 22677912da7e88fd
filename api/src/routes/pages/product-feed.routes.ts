import type { FastifyInstance } from 'fastify';
import { CURRENCY_QUERY_PARAM, localiseProduct, parseCurrency } from '@shop/shared/domain/currency';
import { PRODUCT_FEED_PATH } from '@shop/shared/pages';
import { RenderedResponses, type RenderedResponse } from '../../services/catalog/rendered-responses.js';
import { sendPrecompressed } from '../../services/http/precompressed.js';
import { renderProductFeed } from '../../services/pages/product-feed.js';
import { textAnswer } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

// The product feed for merchant listings (docs/rules.md#local-prices). Its currency is the URL's
// alone (`?currency=EUR`; none, or one the store does not sell in, is US dollars): a merchant
// registers one URL per country, and the cookie or a guess must never change what it reads. A
// currency paused by a stale rate is answered in US dollars, each price saying so.
export default async function productFeedRoute(app: FastifyInstance) {
  const rendered = new RenderedResponses();
  app.get(PRODUCT_FEED_PATH, NO_RATE_LIMIT, async (request, reply) => {
    await app.catalog.ready();
    const query = (request.query ?? {}) as Record<string, unknown>;
    const asked = parseCurrency(query[CURRENCY_QUERY_PARAM], app.config.STORE_CURRENCIES) ?? 'USD';
    const pricing = await app.localPrices.pricing(asked);
    const feed: RenderedResponse = rendered.get(app.catalog.version, pricing.stamp, () =>
      textAnswer(
        renderProductFeed(
          app.catalog.activeProducts().map((p) => localiseProduct(p, pricing)),
          app.config.PUBLIC_URL,
          pricing.currency,
          (id) => app.catalog.isListed(id),
        ),
      ),
    );
    reply.header('Cache-Control', 'public, max-age=3600').type('application/rss+xml; charset=utf-8');
    return sendPrecompressed(request, reply, feed.bytes);
  });
}
