import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, PASSWORD_RESET_PER_CLIENT_PER_MIN } from '@shop/shared';
import {
  passwordResetAcceptedSchema,
  passwordResetRequestSchema,
  type PasswordResetJobData,
} from '@shop/shared/schemas';

// POST /api/auth/password-reset (docs/contracts.md#identity): "Forgot password?" on /login. The
// notifications worker makes the identity provider's one-time code and sends the store's own
// e-mail, whose link opens the store's page for choosing a new password. The answer is the same
// whether or not the address has an account, and comes before anyone has looked
// (docs/limits.md#account-enumeration). Two budgets keep it from being a way to mail strangers:
// per client, as the other small routes, and per address typed, whoever types it (app.passwordResets).

export default async function authRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/password-reset',
    {
      config: { rateLimit: { max: PASSWORD_RESET_PER_CLIENT_PER_MIN, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'E-mail a link to choose a new password (the same answer whether or not the account exists)',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { email, returnTo } = request.body;
      const data: PasswordResetJobData = returnTo ? { email, returnTo } : { email };
      await app.passwordResets.request(data, request.log);
      return reply
        .status(202)
        .header('cache-control', 'no-store')
        .send({ message: MESSAGES.passwordResetSent(email) });
    },
  );
}
