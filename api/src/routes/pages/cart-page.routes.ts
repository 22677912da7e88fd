import type { FastifyInstance } from 'fastify';
import type { PageRoute } from '@shop/shared/pages';
import { localDiscountLines, priceCartView, pricedCartAmounts } from '../../services/cart/index.js';
import { pageCurrencyOf } from '../../services/currency/page-currency.js';
import { guestIdCookie } from '../../services/forms/form-guard.js';
import type { PageAnswers } from '../../services/pages/page-answers.js';
import { sendPage } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

// The cart page. A visitor whose browser holds the guest cart cookie (the pages' forms set it, and
// the app writes its own guest id there) gets the page rendered with that cart: after a tap on Add
// to cart before the app has loaded, the line is on the page the 303 leads to, and its quantity
// and Remove controls work at once. Anyone else gets the build's page, which the app fills in.
export default async function cartPageRoute(
  app: FastifyInstance,
  { route, pages }: { route: PageRoute; pages: PageAnswers },
) {
  const built = (request: Parameters<PageAnswers['page']>[0]) =>
    pages.page(request, { key: route.path, route, head: () => pages.routeHead(route, route.path) });

  app.get(route.path, NO_RATE_LIMIT, async (request, reply) => {
    const guestId = guestIdCookie(request);
    if (!guestId) return sendPage(request, reply, built(request));
    const key = { kind: 'guest', guestId } as const;
    // In the page's currency, as the cart's API answers are (docs/rules.md#local-prices).
    const pricing = await app.localPrices.pricing(pageCurrencyOf(app, request).currency);
    const priced = await priceCartView(await app.carts.get(key), pricing, app.productLookup);
    const discount = await app.discounts.ofCart(key, localDiscountLines(priced), {
      currency: pricing.currency,
      rate: pricing.rate,
      bufferPercent: app.config.CURRENCY_MARGIN_BUFFER_PERCENT,
    });
    const cart = {
      ...priced.cart,
      ...(discount ? { discount } : {}),
      currency: priced.currency,
      amounts: pricedCartAmounts(priced, discount?.amountOff ?? 0),
    };
    const document = await pages.cartDocument(route.path, { cart });
    if (!document) return sendPage(request, reply, built(request));
    reply.header('Cache-Control', 'no-store');
    const page = pages.privatePage(request, {
      key: route.path,
      route,
      pathname: route.path,
      head: () => pages.routeHead(route, route.path),
      document,
    });
    // Never revalidated or shared: it is this shopper's cart as it is now.
    return reply.type('text/html; charset=utf-8').header('Vary', 'Cookie').send(page.body);
  });
}
