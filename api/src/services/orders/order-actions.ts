import type { Redis } from 'ioredis';
import { AppError, MESSAGES } from '@shop/shared';
import {
  canRetryFulfilment,
  fulfilmentInWords,
  graceCancelJobId,
  ORDER_JOB_OPTIONS,
  orderAlertJobId,
  releaseJobId,
  retryFulfilmentJobId,
} from '@shop/shared/domain/order';
import type {
  Order,
  OrderAlertJobData,
  OrderGraceJobData,
  OrderNotificationJobData,
  OrderRefund,
  RefundRequest,
  RetryFulfilmentJobData,
} from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { Queues } from '../../plugins/infrastructure.js';
import { repeatKey } from '../admin/repeat-guard.js';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';
import type { RefundsClient } from '../stripe/stripe-refunds.js';
import { refundOrder } from './order-refunds.js';
import type { OrderService } from './order-service.js';

// What the studio and the shopper do to an order besides reading it (`app.orderActions`): the
// refund, the confirmation again, a fulfilment retry, a hold's end moved, a cancel request
// answered, and a shopper's cancellation. Each writes through app.orders (the order module) and
// queues its job here, so the routes only say who asked and what came back.

type AlertKind = OrderAlertJobData['kind'];
type Audience = keyof typeof JOBS.notifications.orderAlert;

export interface OrderActionDeps {
  orders: OrderService;
  queues: Pick<Queues, 'orders' | 'notifications'>;
  redis: Redis;
  prefix: string;
  stripe: RefundsClient;
}

export class OrderActions {
  constructor(private readonly deps: OrderActionDeps) {}

  /** A Stripe refund of the order's payment; the webhook records it on the order. */
  refund(order: Order, request: RefundRequest, by: string): Promise<OrderRefund> {
    const { stripe, redis, prefix } = this.deps;
    return refundOrder({ stripe, redis, prefix }, order, request, by);
  }

  /** The confirmation e-mail again: one job per order a minute, however often clicked. */
  async resendConfirmation(order: Order): Promise<string> {
    if (!order.customerEmail) throw new AppError('failed-precondition', MESSAGES.confirmationNoEmail);
    const data: OrderNotificationJobData = { orderId: order.id };
    return queueOrUnavailable(async () => {
      const key = await repeatKey(this.deps.redis, this.deps.prefix, `order-confirmation-resend-${order.id}`);
      await this.deps.queues.notifications.add(JOBS.notifications.orderConfirmation, data, {
        ...ORDER_JOB_OPTIONS,
        jobId: key,
      });
      return key;
    });
  }

  /** Places or confirms again the Printful order of a paid order whose fulfilment failed. */
  async retryFulfilment(order: Order, by: string): Promise<string> {
    if (!canRetryFulfilment(order))
      throw new AppError(
        'failed-precondition',
        MESSAGES.fulfilmentRetryNotNeeded(order.status, fulfilmentInWords(order.fulfilment.status)),
      );
    const requestedAt = new Date().toISOString();
    const data: RetryFulfilmentJobData = { orderId: order.id, requestedBy: by, requestedAt };
    const jobId = retryFulfilmentJobId(order.id, requestedAt);
    await queueOrUnavailable(() =>
      this.deps.queues.orders.add(JOBS.orders.retryFulfilment, data, { ...ORDER_JOB_OPTIONS, jobId }),
    );
    return jobId;
  }

  /**
   * Moves a grace hold's end (docs/after-payment.md#the-grace-period-before-production): now
   * ("confirm now") or later ("extend hold"). The new end is recorded in one transaction with the
   * shopper's cancellation and the release, and gets its own release job; the job of the old end
   * then finds the order not due and leaves it.
   */
  async moveHoldEnd(order: Order, until: (current: string) => string, by: string) {
    if (!order.hold) throw new AppError('failed-precondition', MESSAGES.orderHoldNotOpen);
    const changed = await this.deps.orders.changeHoldEnd(order.id, until(order.hold.until), by);
    const holdUntil = changed?.hold?.until;
    if (!holdUntil) throw new AppError('failed-precondition', MESSAGES.orderHoldNotOpen);
    const data: OrderGraceJobData = { orderId: order.id };
    const jobId = releaseJobId(order.id, holdUntil);
    await queueOrUnavailable(() =>
      this.deps.queues.orders.add(JOBS.orders.releaseOrder, data, {
        ...ORDER_JOB_OPTIONS,
        jobId,
        delay: Math.max(0, Date.parse(holdUntil) - Date.now()),
      }),
    );
    return { holdUntil, jobId };
  }

  /**
   * The studio's answer to a request to cancel after the grace period: accepted (the rest of the
   * payment refunded in full; a Printful order still pending is cancelled by the refund's own
   * handling) or declined (the order is made). Recorded once; both sides are e-mailed either way.
   */
  async decideCancelRequest(order: Order, decision: 'accepted' | 'declined', by: string) {
    if (order.cancellation?.kind !== 'requested' || order.cancellation.settledAt)
      throw new AppError('failed-precondition', MESSAGES.cancelRequestNotOpen);
    // The refund first: a refusal from Stripe leaves the request waiting, to be answered again.
    const refund =
      decision === 'accepted'
        ? await this.refund(
            order,
            { reason: 'requested_by_customer', note: 'Cancellation accepted', tellCustomer: false },
            by,
          )
        : null;
    const settled = await this.deps.orders.settleCancelRequest(order.id, decision, by);
    if (!settled) throw new AppError('failed-precondition', MESSAGES.cancelRequestNotOpen);
    const kind = decision === 'accepted' ? ('cancel-accepted' as const) : ('cancel-declined' as const);
    await queueOrUnavailable(() => this.queueOrderAlerts(order.id, kind, 'answer', ['shopper', 'studio']));
    return refund;
  }

  /**
   * The jobs of a shopper's cancellation already recorded: within the grace period the worker's
   * cancel (draft deleted, refund, both sides told); after it, the request announced to both.
   */
  async queueShopperCancellation(orderId: string, outcome: 'cancel' | 'request'): Promise<void> {
    if (outcome === 'cancel') {
      const data: OrderGraceJobData = { orderId };
      await this.deps.queues.orders.add(JOBS.orders.graceCancel, data, {
        ...ORDER_JOB_OPTIONS,
        jobId: graceCancelJobId(orderId),
      });
      return;
    }
    await this.queueOrderAlerts(orderId, 'cancel-requested', 'request', ['studio', 'shopper']);
  }

  /** One alert e-mail per audience; the job id makes a repeat of the same step a no-op. */
  async queueOrderAlerts(orderId: string, kind: AlertKind, step: string, audiences: readonly Audience[]) {
    for (const audience of audiences) {
      const data: OrderAlertJobData = { orderId, kind, note: null };
      await this.deps.queues.notifications.add(JOBS.notifications.orderAlert[audience], data, {
        ...ORDER_JOB_OPTIONS,
        jobId: orderAlertJobId(kind, orderId, step, audience),
      });
    }
  }
}
