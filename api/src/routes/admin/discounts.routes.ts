import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '@shop/shared';
import { discountDays, discountWindowFromDays } from '@shop/shared/domain/discount';
import {
  type AdminDiscount,
  adminDiscountListSchema,
  adminDiscountResponseSchema,
  createDiscountBodySchema,
  discountParamsSchema,
  updateDiscountBodySchema,
} from '@shop/shared/schemas';

// The studio's discount codes (docs/rules.md#what-a-merch-shopper-expects). The caller is an admin (checked by the admin
// scope); every change is logged with who made it.

async function adminUid(request: FastifyRequest): Promise<string> {
  const identity = await request.identity();
  return identity.kind === 'user' ? identity.uid : 'unknown';
}

export default async function adminDiscountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const zone = app.config.STUDIO_TIMEZONE;
  // Each code also says its first and last day on the studio's calendar, which the screen shows.
  const withDays = (discount: AdminDiscount): AdminDiscount => ({ ...discount, ...discountDays(discount, zone) });
  const security = [{ bearer: [] }];

  r.get(
    '/discounts',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every discount code, newest first, with its redemptions (paid orders), and alerts of clients locked out repeatedly for wrong codes',
        security,
        response: { 200: adminDiscountListSchema },
      },
    },
    async () => ({
      discounts: (await app.discounts.list()).map(withDays),
      guessAlerts: await app.codeGuesses.alerts(),
    }),
  );

  r.post(
    '/discounts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a discount code (a Stripe coupon with a promotion code)',
        security,
        body: createDiscountBodySchema,
        response: { 201: adminDiscountResponseSchema },
      },
    },
    async (request, reply) => {
      const by = await adminUid(request);
      // Days the admin typed become the studio's midnights, then every rule of a body is checked
      // again on the instants (ends after it starts, not already over).
      const resolved = createDiscountBodySchema.safeParse(discountWindowFromDays(request.body, zone));
      if (!resolved.success) {
        const issue = resolved.error.issues[0];
        throw new AppError('invalid-argument', `Invalid body: body.${issue.path.join('.')}: ${issue.message}`);
      }
      const discount = withDays(await app.discounts.create(resolved.data, by));
      request.log.info(
        { by, code: discount.code, kind: discount.kind, value: discount.value },
        'discount code created',
      );
      return reply.code(201).send({ discount });
    },
  );

  r.patch(
    '/discounts/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Switch a discount code on or off',
        security,
        params: discountParamsSchema,
        body: updateDiscountBodySchema,
        response: { 200: adminDiscountResponseSchema },
      },
    },
    async (request) => {
      const by = await adminUid(request);
      const discount = await app.discounts.setActive(request.params.id.toUpperCase(), request.body.active);
      request.log.info({ by, code: discount.code, active: discount.active }, 'discount code switched');
      return { discount: withDays(discount) };
    },
  );
}
