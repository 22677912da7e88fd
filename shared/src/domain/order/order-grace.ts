import { MESSAGES } from '../../errors/index.js';
import type { Order, ShopperSecondChance } from '../../schemas/order.js';

// The grace period before production (docs/after-payment.md#the-grace-period-before-production).
// A paid order waits at Printful as a draft until its hold ends; until then the shopper may cancel
// it (refunded in full, nothing made). After it, "cancel" becomes a request to the studio. The
// same rules decide the API's answer, the worker's release and the pages' buttons.

/** The moment a hold that starts now ends; null when orders go to production at once (0 minutes). */
export function holdUntil(start: Date, graceMinutes: number): string | null {
  return graceMinutes > 0 ? new Date(start.getTime() + graceMinutes * 60_000).toISOString() : null;
}

type HoldFacts = Pick<Order, 'status' | 'fulfilment' | 'hold' | 'cancellation'> & Partial<Pick<Order, 'changes'>>;

/** Print partner statuses in which the order is not yet being made: no order there yet, or a draft. */
const NOT_YET_MADE = new Set(['none', 'draft']);

/** Whether the order still waits for its hold to end: paid, not released, not cancelled. */
export function isHeldForGrace(order: HoldFacts): boolean {
  return (
    order.status === 'paid' &&
    Boolean(order.hold) &&
    order.hold?.releasedAt === null &&
    !order.cancellation &&
    NOT_YET_MADE.has(order.fulfilment.status)
  );
}

/** Whether the shopper can still cancel it themselves: held, and the hold has not ended. */
export function canCancelNow(order: HoldFacts, now: Date = new Date()): boolean {
  return isHeldForGrace(order) && Date.parse(order.hold!.until) > now.getTime();
}

/** Whether the scheduled release may confirm it now: held, and the hold has ended. */
export function isDueForRelease(order: HoldFacts, now: Date = new Date()): boolean {
  return isHeldForGrace(order) && Date.parse(order.hold!.until) <= now.getTime();
}

export type CancelDecision =
  | { kind: 'cancel' }
  | { kind: 'request' }
  | { kind: 'refused'; code: 'failed-precondition' | 'aborted'; message: string };

/** What a shopper's "cancel" does to this order now, or why it is refused. */
export function cancelDecision(order: HoldFacts, now: Date = new Date()): CancelDecision {
  if (order.cancellation?.kind === 'cancelled')
    return { kind: 'refused', code: 'aborted', message: MESSAGES.orderAlreadyCancelled };
  if (order.cancellation?.kind === 'requested')
    return { kind: 'refused', code: 'aborted', message: MESSAGES.orderCancelAlreadyRequested };
  if (order.status === 'pending' || order.status === 'failed' || order.status === 'expired')
    return { kind: 'refused', code: 'failed-precondition', message: MESSAGES.orderCancelNotPaid };
  if (order.status === 'refunded')
    return { kind: 'refused', code: 'failed-precondition', message: MESSAGES.orderCancelRefunded };
  if (order.status === 'shipped')
    return { kind: 'refused', code: 'failed-precondition', message: MESSAGES.orderCancelShipped };
  return canCancelNow(order, now) ? { kind: 'cancel' } : { kind: 'request' };
}

/** What the shopper's pages say they can still do; absent for orders that were never held or asked about. */
export function secondChanceOf(order: HoldFacts, now: Date = new Date()): ShopperSecondChance | undefined {
  if (!order.hold && !order.cancellation) return undefined;
  return {
    changeableUntil: canCancelNow(order, now) ? order.hold!.until : null,
    cancellation: order.cancellation?.kind ?? null,
    changes: order.changes?.length ?? 0,
    decision: order.cancellation?.decision ?? null,
  };
}

/**
 * The release job of one hold end: a new end (the studio extended the hold, or released it at
 * once) is a new job, and the job of an older end finds the order not yet due and does nothing.
 * No ':' in BullMQ ids (docs/providers.md#bullmq).
 */
export const releaseJobId = (orderId: string, until: string) => `release-${orderId}-${Date.parse(until)}`;
/** One cancellation per order: the refund and the Printful cancellation run once. */
export const graceCancelJobId = (orderId: string) => `grace-cancel-${orderId}`;
/**
 * Stripe's idempotency key of the cancellation's refund. A new job attempt gets a new key: Stripe
 * replays a saved 5xx under a key for 24 h, so a fixed key would fail every retry of the job.
 * The job reads the refunds made so far before refunding what is left, so a retry refunds once.
 */
export const graceRefundKey = (orderId: string, attempt = 0) =>
  attempt > 0 ? `grace-cancel-refund-${orderId}-${attempt}` : `grace-cancel-refund-${orderId}`;
