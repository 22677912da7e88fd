import { ORDER_JOB_OPTIONS, orderAlertJobId, shippedEmailJobId } from '@shop/shared/domain/order';
import type { Order, OrderAlertJobData, OrderAlertKind, OrderNotificationJobData } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { JobContext } from '../../job-module.js';

// The e-mails an event after payment causes, queued on `notifications` under ids derived from the
// order, the kind and the provider event: a repeated or retried event adds no second e-mail.

export interface Alert {
  kind: OrderAlertKind;
  audience: 'shopper' | 'studio';
  /** What names this occurrence: the provider event, refund or dispute id. */
  subject: string;
  note: string | null;
  refundId?: string | null;
}

export async function queueAlert(ctx: JobContext, orderId: string, alert: Alert): Promise<void> {
  const data: OrderAlertJobData = {
    orderId,
    kind: alert.kind,
    note: alert.note,
    ...(alert.refundId ? { refundId: alert.refundId } : {}),
  };
  await ctx.queues.notifications.add(JOBS.notifications.orderAlert[alert.audience], data, {
    ...ORDER_JOB_OPTIONS,
    jobId: orderAlertJobId(alert.kind, orderId, alert.subject, alert.audience),
  });
}

/** The shopper's shipping notice, once per order (as the API's shipment handler queued it before). */
export async function queueShippedEmail(ctx: JobContext, order: Order): Promise<void> {
  if (order.status !== 'shipped' || order.steps.shippedNoticeQueued) return;
  const data: OrderNotificationJobData = { orderId: order.id };
  await ctx.queues.notifications.add(JOBS.notifications.orderShipped, data, {
    ...ORDER_JOB_OPTIONS,
    jobId: shippedEmailJobId(order.id),
  });
  await ctx.orders.markStepDone(order.id, 'shippedNoticeQueued');
}
