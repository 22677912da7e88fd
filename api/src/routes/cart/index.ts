import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  addCartItemBodySchema,
  applyDiscountBodySchema,
  cartItemParamsSchema,
  cartResponseSchema,
  mergeCartResponseSchema,
  replaceCartBodySchema,
  setCartItemQuantityBodySchema,
} from '@shop/shared/schemas';
import { cartDiscountDocId } from '@shop/shared/domain/discount';
import { cartLocation, type CartKey } from '@shop/shared/server/cart';
import { guestIdFrom } from '../../plugins/identity.js';
import { clientKey } from '../../plugins/client-key.js';
import {
  localDiscountLines,
  priceCartView,
  pricedCartAmounts,
  type CartView,
  type PricedCartView,
} from '../../services/cart/index.js';
import type { DiscountPricing } from '../../services/discounts/index.js';
import { requestCurrency } from '../../services/currency/request-currency.js';
import { etagOf, expectedRevisions } from './revision-headers.js';
import { shippingRatesRoute } from './shipping-rates.routes.js';

// The caller's cart (docs/contracts.md#http-api): a signed-in user's is keyed by uid only, a guest's by
// guest id only, so no request can name another shopper's cart. Every answer is the cart document
// with its revision as ETag; every change honours If-Match (stale: 409).

async function cartKeyOf(request: FastifyRequest): Promise<CartKey> {
  const identity = await request.identity();
  if (identity.kind === 'user') return { kind: 'user', uid: identity.uid };
  if (identity.kind === 'guest') return { kind: 'guest', guestId: identity.guestId };
  throw new AppError('unauthenticated', MESSAGES.noIdentity);
}

function ifMatch(request: FastifyRequest) {
  return expectedRevisions(request.headers['if-match']);
}

const answers = { response: { 200: cartResponseSchema } };
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { guest: [] }];

export default async function cartRoutes(app: FastifyInstance) {
  const { carts, discounts } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const shopper = { preHandler: app.requireShopper };

  /** The request's currency (`?currency=`, else the cookie, else USD) with its rate, or USD and why not. */
  async function pricingOf(request: FastifyRequest, reply: FastifyReply) {
    return app.localPrices.pricing(requestCurrency(app, request, reply).currency);
  }

  /** What the discount checks need of a cart in another currency than USD. */
  function discountPricing(pricing: { currency: DiscountPricing['currency']; rate: number }): DiscountPricing {
    return { currency: pricing.currency, rate: pricing.rate, bufferPercent: app.config.CURRENCY_MARGIN_BUFFER_PERCENT };
  }

  /**
   * Every answer carries the cart's discount code with what it takes off the lines as they are now,
   * and is priced in the request's currency (docs/rules.md#local-prices): each line's price of
   * one, the subtotal, discount and total, in its minor units.
   */
  async function sendCart(
    request: FastifyRequest,
    reply: FastifyReply,
    key: CartKey,
    view: CartView | Promise<CartView>,
    extra: Record<string, unknown> = {},
  ) {
    const resolved = await view;
    const pricing = await pricingOf(request, reply);
    const priced: PricedCartView = await priceCartView(resolved, pricing, app.productLookup);
    const discount = await discounts.ofCart(key, localDiscountLines(priced), discountPricing(pricing));
    return reply
      .header('etag', etagOf(resolved.revision))
      .header('cache-control', 'no-store')
      .send({
        ...priced.cart,
        ...extra,
        ...(discount ? { discount } : {}),
        currency: priced.currency,
        amounts: pricedCartAmounts(priced, discount?.amountOff ?? 0),
        ...(pricing.notice ? { currencyNotice: pricing.notice } : {}),
      });
  }

  routes.get(
    '/',
    { ...shopper, schema: { tags: ['cart'], summary: "The caller's cart", security, ...answers } },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      return sendCart(request, reply, key, carts.get(key));
    },
  );

  routes.put(
    '/',
    {
      ...shopper,
      schema: { tags: ['cart'], summary: 'Replace the whole cart', security, body: replaceCartBodySchema, ...answers },
    },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      return sendCart(
        request,
        reply,
        key,
        carts.replace(key, request.body.items, ifMatch(request), clientKey(request.ip)),
      );
    },
  );

  routes.delete(
    '/',
    { ...shopper, schema: { tags: ['cart'], summary: 'Empty the cart', security, ...answers } },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      return sendCart(request, reply, key, carts.clear(key, ifMatch(request)));
    },
  );

  routes.post(
    '/items',
    {
      ...shopper,
      schema: { tags: ['cart'], summary: 'Add a product variant', security, body: addCartItemBodySchema, ...answers },
    },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      return sendCart(request, reply, key, carts.add(key, request.body, ifMatch(request), clientKey(request.ip)));
    },
  );

  routes.patch(
    '/items/:itemId',
    {
      ...shopper,
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity (zero or less removes it)",
        security,
        params: cartItemParamsSchema,
        body: setCartItemQuantityBodySchema,
        ...answers,
      },
    },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      return sendCart(
        request,
        reply,
        key,
        carts.setQuantity(key, request.params.itemId, request.body.quantity, ifMatch(request)),
      );
    },
  );

  routes.delete(
    '/items/:itemId',
    {
      ...shopper,
      schema: { tags: ['cart'], summary: 'Remove a line', security, params: cartItemParamsSchema, ...answers },
    },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      return sendCart(request, reply, key, carts.remove(key, request.params.itemId, ifMatch(request)));
    },
  );

  routes.post(
    '/merge',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['cart'],
        summary:
          "After sign-in, merge the guest cart (X-Guest-Id) into the user's cart and delete it; `dropped` lists what did not fit",
        security: [{ bearer: [], guest: [] }],
        response: { 200: mergeCartResponseSchema },
      },
    },
    async (request, reply) => {
      const identity = await request.identity();
      if (identity.kind !== 'user') throw new AppError('unauthenticated', MESSAGES.unauthenticated);
      const guestId = guestIdFrom(request);
      if (!guestId) throw new AppError('invalid-argument', MESSAGES.mergeNeedsGuestId);
      const { dropped, ...merged } = await carts.merge(identity.uid, guestId, ifMatch(request));
      await discounts.moveToUser(guestId, identity.uid);
      return sendCart(request, reply, { kind: 'user', uid: identity.uid }, merged, { dropped });
    },
  );

  routes.put(
    '/discount',
    {
      ...shopper,
      schema: {
        tags: ['cart'],
        summary: 'Apply a discount code (refused when it would sell the items below cost plus margin)',
        security,
        body: applyDiscountBodySchema,
        ...answers,
      },
    },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      // Wrong codes have a budget of their own, per client and per cart, so codes cannot be guessed.
      const trier = { client: clientKey(request.ip), cart: cartDiscountDocId(cartLocation(key)) };
      await app.codeGuesses.assertMayTry(trier);
      const view = await carts.get(key);
      const pricing = await pricingOf(request, reply);
      const priced = await priceCartView(view, pricing, app.productLookup);
      // A refused code throws before anything is stored: the cart stays as it was.
      try {
        await discounts.apply(key, request.body.code, localDiscountLines(priced), discountPricing(pricing));
      } catch (error) {
        if (error instanceof AppError && error.code === 'not-found') await app.codeGuesses.recordMiss(trier);
        throw error;
      }
      return sendCart(request, reply, key, view);
    },
  );

  routes.delete(
    '/discount',
    { ...shopper, schema: { tags: ['cart'], summary: 'Remove the discount code', security, ...answers } },
    async (request, reply) => {
      const key = await cartKeyOf(request);
      await discounts.remove(key);
      return sendCart(request, reply, key, carts.get(key));
    },
  );

  shippingRatesRoute(app, carts, cartKeyOf);
}
