import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import { checkoutSessionResponseSchema, createCheckoutSessionBodySchema } from '@shop/shared/schemas';
import { z } from 'zod';
import type { CheckoutShopper } from '../../services/checkout/index.js';
import { clientKey } from '../../plugins/client-key.js';
import { requestCurrency } from '../../services/currency/request-currency.js';

// POST /api/checkout/sessions: a hosted Stripe Checkout Session for the caller's own cart.

async function shopperOf(request: FastifyRequest): Promise<CheckoutShopper> {
  const identity = await request.identity();
  const client = clientKey(request.ip);
  if (identity.kind === 'user') return { cart: { kind: 'user', uid: identity.uid }, email: identity.email, client };
  if (identity.kind === 'guest') return { cart: { kind: 'guest', guestId: identity.guestId }, email: null, client };
  throw new AppError('unauthenticated', MESSAGES.noIdentity);
}

export default async function checkoutRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sessions',
    {
      preHandler: app.requireShopper,
      schema: {
        tags: ['checkout'],
        summary: "Start a hosted Stripe checkout for the caller's cart",
        security: [{ bearer: [] }, { guest: [] }],
        // A POST without a body is answered like one without `shipping`: 400 naming the field.
        body: z.preprocess((body) => body ?? {}, createCheckoutSessionBodySchema),
        response: { 200: checkoutSessionResponseSchema },
      },
    },
    async (request, reply) => {
      // docs/rules.md#local-prices: charged in `?currency=` or the cookie's currency, as the cart showed.
      const { currency } = requestCurrency(app, request, reply);
      const session = await app.checkout.createSession({ ...(await shopperOf(request)), currency }, request.body);
      request.log.info({ sessionId: session.id }, 'checkout session');
      return reply.header('cache-control', 'no-store').send(session);
    },
  );
}
