import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SHOP_CURRENCY_COOKIE, shopperCurrency, type ShopperCurrency } from '@shop/shared/domain/currency';
import { currencyPickerState, type CurrencyPickerState } from '@shop/shared/pages';
import { requestCurrency } from './request-currency.js';

// The currency a page request is answered in (docs/rules.md#local-prices). Every page route's
// request is resolved once, before its handler, with requestCurrency's page rules (`?currency=`,
// the cookie, the first guess) and the answer remembers it in the cookie; the page answers then
// render the footer's picker and the prices in it. Routes stay as they are: the hook finds them
// by their pattern.

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper's currency for a page request (set before the page's handler runs). */
    pageCurrency?: ShopperCurrency;
  }
}

/** Resolves the currency of every GET of the page routes `paths` (route patterns). */
export function resolvePageCurrencies(app: FastifyInstance, paths: ReadonlySet<string>): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pattern = request.routeOptions.url;
    if (pattern !== undefined && paths.has(pattern))
      request.pageCurrency = requestCurrency(app, request, reply, { asPage: true });
  });
}

/**
 * The currency of a page: the one resolved for it, else (a not-found page, which has no route)
 * read the same way without writing the cookie.
 */
export function pageCurrencyOf(app: FastifyInstance, request: FastifyRequest): ShopperCurrency {
  if (request.pageCurrency) return request.pageCurrency;
  const query = (request.query ?? {}) as Record<string, unknown>;
  return shopperCurrency({
    query: query.currency,
    cookie: fastifyCookie.parse(request.headers.cookie ?? '')[SHOP_CURRENCY_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    enabled: app.config.STORE_CURRENCIES,
  });
}

/** What the page's picker shows. */
export function pickerStateOf(app: FastifyInstance, request: FastifyRequest): CurrencyPickerState {
  return currencyPickerState(pageCurrencyOf(app, request).currency, app.config.STORE_CURRENCIES);
}
