import type { Redis } from 'ioredis';
import { JOBS } from '@shop/shared/server/queues';
import type { FastifyBaseLogger } from 'fastify';
import { forgetOrderCodeSent, mayIssueOrderCode, redeemOrderCode } from '@shop/shared/server/order-codes';
import type { Queues } from '../../plugins/infrastructure.js';

// The one-time codes that open a guest's order (`app.orderCodes`, docs/after-payment.md#who-may-change-an-order):
// the code is kept in Redis (shared/server/order-codes) and e-mailed by the notifications worker.

export interface OrderCodeDeps {
  queues: Pick<Queues, 'notifications'>;
  redis: Redis;
  prefix: string;
}

export class OrderCodes {
  constructor(private readonly deps: OrderCodeDeps) {}

  /** Whether the code opens the order (each try counts against the code's few). */
  redeem(orderId: string, code: string): Promise<boolean> {
    return redeemOrderCode(this.deps.redis, this.deps.prefix, orderId, code);
  }

  /**
   * Queues the e-mail of a new code unless one went out a moment ago. Never throws: the caller's
   * answer is the same whether or not anything was sent, or it would confirm the match.
   */
  async send(orderId: string, log: FastifyBaseLogger): Promise<void> {
    const { redis, prefix, queues } = this.deps;
    if (!(await mayIssueOrderCode(redis, prefix, orderId))) return;
    try {
      await queues.notifications.add(
        JOBS.notifications.orderAccessCode,
        { orderId },
        {
          jobId: `${JOBS.notifications.orderAccessCode}-${orderId}-${Date.now()}`,
          attempts: 3,
          removeOnComplete: true,
        },
      );
    } catch (error) {
      log.error({ err: error, orderId }, 'order code could not be queued');
      await forgetOrderCodeSent(redis, prefix, orderId).catch(() => undefined);
    }
  }
}
