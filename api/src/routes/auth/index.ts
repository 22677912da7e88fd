import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  MESSAGES,
  PASSWORD_RESET_ADDRESS_WINDOW_MINUTES,
  PASSWORD_RESET_PER_ADDRESS,
  PASSWORD_RESET_PER_CLIENT_PER_MIN,
} from '@shop/shared';
import {
  passwordResetAcceptedSchema,
  passwordResetRequestSchema,
  type PasswordResetJobData,
} from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import { fixedWindowCounter } from '../../services/limits/fixed-window-counter.js';
import { queueOrUnavailable } from '../../services/queues/queue-or-unavailable.js';

// POST /api/auth/password-reset (docs/contracts.md#identity): "Forgot password?" on /login. The
// notifications worker makes the identity provider's one-time code and sends the store's own
// e-mail, whose link opens the store's page for choosing a new password. The answer is the same
// whether or not the address has an account, and comes before anyone has looked
// (docs/limits.md#account-enumeration). Two budgets keep it from being a way to mail strangers:
// per client, as the other small routes, and per address typed, whoever types it.

/** The per-address counter's key: a digest, so Redis holds no address. */
const addressKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('base64url');

export default async function authRoutes(app: FastifyInstance) {
  const askedForAddress = fixedWindowCounter(
    app.redis,
    `${app.config.QUEUE_PREFIX}:password-reset`,
    PASSWORD_RESET_ADDRESS_WINDOW_MINUTES * 60_000,
  );

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
      const asked = await askedForAddress(addressKey(email));
      if (asked.count > PASSWORD_RESET_PER_ADDRESS) {
        throw Object.assign(new AppError('resource-exhausted', MESSAGES.passwordResetAddressLimit), {
          retryAfterSeconds: Math.ceil(asked.resetInMs / 1000),
        });
      }
      const data: PasswordResetJobData = returnTo ? { email, returnTo } : { email };
      await queueOrUnavailable(
        () =>
          app.queues.notifications.add(JOBS.notifications.passwordReset, data, {
            jobId: `password-reset-${randomUUID()}`,
            attempts: 3,
            backoff: { type: 'exponential', delay: 5_000 },
            // The address is personal data: nothing of the job stays once it is done.
            removeOnComplete: true,
            removeOnFail: { age: 24 * 3600 },
          }),
        { onFailure: (err) => request.log.error({ err }, 'could not queue the password-reset e-mail') },
      );
      return reply
        .status(202)
        .header('cache-control', 'no-store')
        .send({ message: MESSAGES.passwordResetSent(email) });
    },
  );
}
