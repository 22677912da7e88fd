// Printful's order states, written once (docs/fidelity.md#printful-order-states): the statuses an
// order can have, which calls Printful takes from which status, and where each order webhook moves
// it. The Printful sandbox refuses whatever this refuses, the store's own rules read it, and the
// property-based order suite checks the store's lifecycle against it. Sources: Printful API v1,
// "Orders API" (order statuses, confirmOrder, updateOrder, cancelOrder, "Asynchronous order cost
// calculation"), "Errors" (OR-1, OR-13) and the "Webhook API" event list.
import { PRINTFUL_ORDER_STATUSES } from './wire.js';

export { PRINTFUL_ORDER_STATUSES };
export type PrintfulOrderStatus = (typeof PRINTFUL_ORDER_STATUSES)[number];

/** Calls on an existing order, each with the statuses Printful accepts it from. */
export const PRINTFUL_ORDER_CALLS = {
  /** `PUT /orders/{id}`: OR-1 ORDER_NO_LONGER_EDITABLE outside DRAFT and FAILED. */
  update: ['draft', 'failed'],
  /** `POST /orders/{id}/confirm`: "Approve for fulfillment" of a draft. */
  confirm: ['draft'],
  /** `DELETE /orders/{id}`: "Cancels pending order or draft". */
  cancel: ['draft', 'pending'],
} as const satisfies Record<string, readonly PrintfulOrderStatus[]>;
export type PrintfulOrderCall = keyof typeof PRINTFUL_ORDER_CALLS;

/**
 * `POST /orders` with an `external_id` that an order of the store already has, whatever its
 * status (a cancelled one included), is OR-13 EXTERNAL_ID_IN_USE: a cancelled order is never
 * placed again under its old external_id.
 */
export const PRINTFUL_EXTERNAL_ID_REUSABLE = false;

export type PrintfulOrderWebhook =
  'order_failed' | 'order_canceled' | 'order_put_hold' | 'order_remove_hold' | 'package_shipped' | 'package_returned';

/** Each order webhook: the statuses it comes from and those it may leave ('same' keeps the status). */
export const PRINTFUL_ORDER_WEBHOOKS: Record<
  PrintfulOrderWebhook,
  { from: readonly PrintfulOrderStatus[]; to: readonly (PrintfulOrderStatus | 'same')[] }
> = {
  order_failed: { from: ['pending', 'inprocess', 'onhold'], to: ['failed'] },
  // "when a confirmed order changes its status to canceled": never for a draft.
  order_canceled: { from: ['pending', 'failed', 'inprocess', 'onhold', 'partial'], to: ['canceled'] },
  order_put_hold: { from: ['pending', 'inprocess'], to: ['onhold'] },
  // A cost-calculation hold (embroidery) ends in draft and must be confirmed again.
  order_remove_hold: { from: ['onhold'], to: ['pending', 'inprocess', 'draft'] },
  package_shipped: { from: ['pending', 'inprocess', 'partial'], to: ['partial', 'fulfilled'] },
  // Names a shipment of the order; the order keeps its status.
  package_returned: { from: ['partial', 'fulfilled'], to: ['same'] },
};

export function printfulCallAllowed(call: PrintfulOrderCall, status: string): boolean {
  return (PRINTFUL_ORDER_CALLS[call] as readonly string[]).includes(status);
}

export function printfulWebhookAllowed(type: PrintfulOrderWebhook, status: string): boolean {
  return (PRINTFUL_ORDER_WEBHOOKS[type].from as readonly string[]).includes(status);
}

/** Whether `type` may move an order from `from` to `to`. */
export function printfulWebhookMoves(type: PrintfulOrderWebhook, from: string, to: string): boolean {
  if (!printfulWebhookAllowed(type, from)) return false;
  return PRINTFUL_ORDER_WEBHOOKS[type].to.some((s) => (s === 'same' ? to === from : s === to));
}

/** Printful's HTTP statuses that mean "slow down": 429, and 419 "rate limited warning" (v1 Errors). */
export const PRINTFUL_RATE_LIMIT_STATUSES: readonly number[] = [429, 419];
