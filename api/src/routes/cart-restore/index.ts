import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import { restoreCartBodySchema, restoreCartResultSchema } from '@shop/shared/schemas';
import type { CartKey } from '@shop/shared/server/cart';

// POST /api/cart/restore (docs/contracts.md#abandoned-checkouts): the abandoned-checkout e-mail's
// link, opened on /store/cart/restore/:token, rebuilds the caller's cart from that checkout.

export default async function cartRestoreRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/',
    {
      preHandler: app.requireShopper,
      schema: {
        tags: ['cart'],
        summary: "The abandoned-checkout e-mail's link: that checkout's lines become the caller's cart",
        security: [{ bearer: [] }, { guest: [] }],
        body: restoreCartBodySchema,
        response: { 200: restoreCartResultSchema },
      },
    },
    async (request, reply) => {
      const identity = await request.identity();
      let key: CartKey;
      if (identity.kind === 'user') key = { kind: 'user', uid: identity.uid };
      else if (identity.kind === 'guest') key = { kind: 'guest', guestId: identity.guestId };
      else throw new AppError('unauthenticated', MESSAGES.noIdentity);
      const result = await app.recovery.restoreCart(key, request.body.token);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );
}
