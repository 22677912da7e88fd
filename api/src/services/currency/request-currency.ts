import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SHOP_CURRENCY_COOKIE,
  SHOP_CURRENCY_COOKIE_MAX_AGE_S,
  localiseProduct,
  shopperCurrency,
  type ShopperCurrency,
} from '@shop/shared/domain/currency';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { ShopperPricing } from './local-prices-service.js';

// The currency a shopper's request is priced in (docs/rules.md#local-prices). An API read takes
// `?currency=`, else the `shop_currency` cookie, else USD: it never guesses nor writes the cookie,
// so a page keeps the one currency it was rendered in. A page request (`asPage`) also guesses from
// a trusted proxy's country or Accept-Language and remembers a valid `?currency=` or that guess in
// the cookie.
// Answers that depend on it say so (Vary), so no cache hands one shopper's euros to another.

/** Country headers of the proxies a store commonly sits behind; read only when TRUST_PROXY names one. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country'] as const;

function proxyCountry(app: FastifyInstance, request: FastifyRequest): string | null {
  if (app.config.TRUST_PROXY === false) return null;
  for (const name of COUNTRY_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value.trim())) return value.trim();
  }
  return null;
}

export function requestCurrency(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { asPage = false }: { asPage?: boolean } = {},
): ShopperCurrency {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const resolved = shopperCurrency({
    query: query.currency,
    cookie: fastifyCookie.parse(request.headers.cookie ?? '')[SHOP_CURRENCY_COOKIE],
    country: asPage ? proxyCountry(app, request) : null,
    acceptLanguage: asPage ? request.headers['accept-language'] : null,
    enabled: app.config.STORE_CURRENCIES,
  });
  reply.header('vary', asPage ? 'Cookie, Accept-Language' : 'Cookie');
  // A page also keeps its first guess, so the app's API reads (which never guess) and the next
  // page ask for the currency this page was rendered in.
  if (asPage && (resolved.remember || resolved.source === 'guess'))
    reply.header(
      'set-cookie',
      fastifyCookie.serialize(SHOP_CURRENCY_COOKIE, resolved.currency, {
        path: '/',
        maxAge: SHOP_CURRENCY_COOKIE_MAX_AGE_S,
        sameSite: 'lax',
        secure: app.config.NODE_ENV === 'production',
        // The page reads it too (the picker shows it before any request).
        httpOnly: false,
      }),
    );
  return resolved;
}

/** A catalogue answer ({ products, ... }) priced in the pricing's currency, saying which. */
export function localiseAnswer<A extends { products: StorefrontProduct[] }>(answer: A, pricing: ShopperPricing): A {
  return {
    ...answer,
    currency: pricing.currency,
    ...(pricing.notice ? { currencyNotice: pricing.notice } : {}),
    products: answer.products.map((p) => localiseProduct(p, pricing)),
  };
}
