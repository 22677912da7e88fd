import type { FastifyInstance } from 'fastify';
import { AppError } from '@shop/shared';
import { productParamsSchema } from '@shop/shared/schemas';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { productHead, type PageRoute } from '@shop/shared/pages';
import { flatRateFor } from '@shop/shared/server/config';
import type { PageAnswers } from '../../services/pages/page-answers.js';
import { sendPage } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';
import { productsSnapshot } from '../../services/catalog/products-snapshot.js';
import { pageCurrencyOf, pickerStateOf } from '../../services/currency/page-currency.js';
import { CURRENCIES, localiseProduct, localShipping, toMajor } from '@shop/shared/domain/currency';

// A product's page, rendered on request from the read model (once per catalogue version); an
// unknown product answers 404 with the not-found page.
export default async function productPageRoute(
  app: FastifyInstance,
  { route, pages }: { route: PageRoute; pages: PageAnswers },
) {
  app.get<{ Params: { productId: string } }>(route.path, NO_RATE_LIMIT, async (request, reply) => {
    const params = productParamsSchema.safeParse({ id: request.params.productId });
    if (!params.success) return app.notFoundPage!(request, reply);
    let product;
    try {
      product = await app.productById(params.data.id);
    } catch (e) {
      if (e instanceof AppError && e.code === 'not-found') return app.notFoundPage!(request, reply);
      // The store is down: the SPA shows its cached or built-in products, so give it the shell.
      request.log.warn({ err: e }, 'product page without its product data');
      return sendPage(request, reply, pages.shell(request, route, request.url.split('?')[0] ?? route.path));
    }
    const pathname = `/store/product/${encodeURIComponent(product.id)}`;
    const available = app.catalog.isListed(product.id);
    // The page, its JSON-LD offers and its shipping rate in the shopper's currency (docs/rules.md#local-prices).
    const pricing = await app.localPrices.pricing(pageCurrencyOf(app, request).currency);
    const local = localiseProduct(product, pricing);
    const key = `product\n${product.id}\n${pricing.stamp}`;
    const document = await pages.storeDocument(key, pathname, () => ({
      products: app.catalog.activeProducts().map((p) => localiseProduct(p, pricing)),
      currency: pickerStateOf(app, request),
      product: local,
      ...(pricing.currency === 'USD' ? { version: productsSnapshot(app.catalog).etag } : {}),
    }));
    // What one item costs to the US at Standard by the store's own table (docs/promises.md), in the currency.
    const usShipping = flatRateFor(app.config.SHIPPING_FLAT_RATES, 'US', 1);
    const shippingRate =
      pricing.currency === 'USD'
        ? usShipping
        : toMajor(localShipping(Math.round(usShipping * 100), pricing.rate, pricing.currency), pricing.currency);
    return sendPage(
      request,
      reply,
      pages.page(request, {
        key,
        route,
        pathname,
        head: () =>
          productHead(local, app.config.PUBLIC_URL, {
            available,
            usShippingRate: shippingRate,
            decimals: CURRENCIES[pricing.currency].decimals,
          }),
        image: () => {
          const url = product.images[0] || product.thumbnail_url;
          return url ? { url, sizes: PICTURE_SIZES.gallery } : undefined;
        },
        document,
      }),
    );
  });
}
