import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { welcomeEmailJobId, type WelcomeJobData } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { Queues } from '../../plugins/infrastructure.js';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';

// The welcome e-mail after sign-up (`app.welcomeEmails`, docs/rules.md#the-signed-in-shopper): one
// per account, ever. A mark in Redis per account decides it (the job id alone would let a second
// one through once the first job is removed), and is taken back when the job could not be queued,
// so the next sign-in's request tries again.

export interface WelcomeEmailDeps {
  queues: Pick<Queues, 'notifications'>;
  redis: Redis;
  prefix: string;
}

export class WelcomeEmails {
  constructor(private readonly deps: WelcomeEmailDeps) {}

  private markKey(uid: string): string {
    return `${this.deps.prefix}:welcomed:${uid}`;
  }

  /** Queues the account's welcome e-mail unless it was queued before; true when this call queued it. */
  async welcome(uid: string, email: string | null, log: FastifyBaseLogger): Promise<boolean> {
    if (!email) return false;
    const first = await this.deps.redis.set(this.markKey(uid), new Date().toISOString(), 'NX');
    if (first !== 'OK') return false;
    const data: WelcomeJobData = { email };
    try {
      await queueOrUnavailable(
        () =>
          this.deps.queues.notifications.add(JOBS.notifications.welcome, data, {
            jobId: welcomeEmailJobId(uid),
            attempts: 3,
            backoff: { type: 'exponential', delay: 5_000 },
            // The address is personal data: nothing of the job stays once it is done.
            removeOnComplete: true,
            removeOnFail: { age: 24 * 3600 },
          }),
        { onFailure: (err) => log.error({ err }, 'could not queue the welcome e-mail') },
      );
    } catch (error) {
      await this.deps.redis.del(this.markKey(uid)).catch(() => undefined);
      throw error;
    }
    return true;
  }
}
