import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  addCartItemBodySchema,
  cartItemParamsSchema,
  cartResponseSchema,
  mergeCartResponseSchema,
  replaceCartBodySchema,
  setCartItemQuantityBodySchema,
} from '@shop/shared/schemas';
import type { CartKey } from '@shop/shared/server/cart';
import { guestIdFrom } from '../../plugins/identity.js';
import type { CartView } from '../../services/cart/index.js';
import { etagOf, expectedRevisions } from './revision-headers.js';
import { shippingRatesRoute } from './shipping-rates.route.js';

// The caller's cart (DESIGN.md section 5): a signed-in user's is keyed by uid only, a guest's by
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

function sendCart(reply: FastifyReply, view: Pick<CartView, 'revision'> & { cart: object }) {
  return reply.header('etag', etagOf(view.revision)).header('cache-control', 'no-store').send(view.cart);
}

const answers = { response: { 200: cartResponseSchema } };
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { guest: [] }];

export default async function cartRoutes(app: FastifyInstance) {
  const { carts } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const shopper = { preHandler: app.requireShopper };

  routes.get(
    '/',
    { ...shopper, schema: { tags: ['cart'], summary: "The caller's cart", security, ...answers } },
    async (request, reply) => sendCart(reply, await carts.get(await cartKeyOf(request))),
  );

  routes.put(
    '/',
    {
      ...shopper,
      schema: { tags: ['cart'], summary: 'Replace the whole cart', security, body: replaceCartBodySchema, ...answers },
    },
    async (request, reply) =>
      sendCart(reply, await carts.replace(await cartKeyOf(request), request.body.items, ifMatch(request), request.ip)),
  );

  routes.delete(
    '/',
    { ...shopper, schema: { tags: ['cart'], summary: 'Empty the cart', security, ...answers } },
    async (request, reply) => sendCart(reply, await carts.clear(await cartKeyOf(request), ifMatch(request))),
  );

  routes.post(
    '/items',
    {
      ...shopper,
      schema: { tags: ['cart'], summary: 'Add a product variant', security, body: addCartItemBodySchema, ...answers },
    },
    async (request, reply) =>
      sendCart(reply, await carts.add(await cartKeyOf(request), request.body, ifMatch(request), request.ip)),
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
    async (request, reply) =>
      sendCart(
        reply,
        await carts.setQuantity(
          await cartKeyOf(request),
          request.params.itemId,
          request.body.quantity,
          ifMatch(request),
        ),
      ),
  );

  routes.delete(
    '/items/:itemId',
    {
      ...shopper,
      schema: { tags: ['cart'], summary: 'Remove a line', security, params: cartItemParamsSchema, ...answers },
    },
    async (request, reply) =>
      sendCart(reply, await carts.remove(await cartKeyOf(request), request.params.itemId, ifMatch(request))),
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
      const { dropped, cart, revision } = await carts.merge(identity.uid, guestId, ifMatch(request));
      return sendCart(reply, { cart: { ...cart, dropped }, revision });
    },
  );

  shippingRatesRoute(app, carts, cartKeyOf);
}
