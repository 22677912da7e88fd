import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, MESSAGES, PASSWORD_RESET_ADDRESS_WINDOW_MINUTES, PASSWORD_RESET_PER_ADDRESS } from '@shop/shared';
import type { PasswordResetJobData } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { Queues } from '../../plugins/infrastructure.js';
import { fixedWindowCounter } from '../limits/fixed-window-counter.js';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';

// "Forgot password?" (`app.passwordResets`, docs/contracts.md#identity): the notifications worker
// makes the identity provider's one-time code and sends the store's own e-mail. The budget per
// address typed, whoever types it, keeps it from being a way to mail strangers
// (docs/limits.md#account-enumeration); the route keeps the budget per client.

/** The per-address counter's key: a digest, so Redis holds no address. */
const addressKey = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('base64url');

export interface PasswordResetDeps {
  queues: Pick<Queues, 'notifications'>;
  redis: Redis;
  prefix: string;
}

export class PasswordResets {
  private readonly askedForAddress: ReturnType<typeof fixedWindowCounter>;

  constructor(private readonly deps: PasswordResetDeps) {
    this.askedForAddress = fixedWindowCounter(
      deps.redis,
      `${deps.prefix}:password-reset`,
      PASSWORD_RESET_ADDRESS_WINDOW_MINUTES * 60_000,
    );
  }

  /** Queues the e-mail, or refuses with when to try again once the address has had its few. */
  async request(data: PasswordResetJobData, log: FastifyBaseLogger): Promise<void> {
    const asked = await this.askedForAddress(addressKey(data.email));
    if (asked.count > PASSWORD_RESET_PER_ADDRESS) {
      throw Object.assign(new AppError('resource-exhausted', MESSAGES.passwordResetAddressLimit), {
        retryAfterSeconds: Math.ceil(asked.resetInMs / 1000),
      });
    }
    await queueOrUnavailable(
      () =>
        this.deps.queues.notifications.add(JOBS.notifications.passwordReset, data, {
          jobId: `password-reset-${randomUUID()}`,
          attempts: 3,
          backoff: { type: 'exponential', delay: 5_000 },
          // The address is personal data: nothing of the job stays once it is done.
          removeOnComplete: true,
          removeOnFail: { age: 24 * 3600 },
        }),
      { onFailure: (err) => log.error({ err }, 'could not queue the password-reset e-mail') },
    );
  }
}
