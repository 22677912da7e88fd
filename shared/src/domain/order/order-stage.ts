import type { OrderStatus, ShopperSecondChance } from '../../schemas/order.js';
import { FULFILMENT_HELD_FOR_ADDRESS } from './after-payment.js';

// Where an order stands, in the words a shopper reads: one list for the confirmation page, the
// order lookup, the account's orders, the e-mails and the admin's badges and filter, so no screen
// can call an order "confirmed" that is on hold, or "paid" one that was refunded in part. The
// stage is worked out from the payment status, the print partner's status and the refunds; each
// stage has a short badge, a heading and a sentence that stay true while the order is in it.

export const ORDER_STAGES = [
  'awaiting-payment',
  'payment-failed',
  'checkout-expired',
  'confirmed',
  'changeable',
  'in-production',
  'on-hold',
  'on-its-way',
  'refunded-in-part',
  'refunded',
  'cancelled',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export interface OrderStageWords {
  /** A badge or filter option: "On hold". */
  label: string;
  /** The confirmation's heading and the e-mail's. */
  title: string;
  /** One sentence of what happens next. */
  text: string;
}

export const ORDER_STAGE_WORDS: Record<OrderStage, OrderStageWords> = {
  'awaiting-payment': {
    label: 'Awaiting payment',
    title: 'Confirming your payment...',
    text: 'This usually takes a few seconds. The page updates by itself.',
  },
  'payment-failed': {
    label: 'Payment failed',
    title: 'The payment did not go through',
    text: 'Nothing was charged. Your cart is still there if you would like to try again.',
  },
  'checkout-expired': {
    label: 'Checkout expired',
    title: 'The payment session expired',
    text: 'Nothing was charged. Your cart is still there if you would like to try again.',
  },
  confirmed: {
    label: 'Confirmed',
    title: 'Thank you: your order is confirmed',
    text: 'Payment received. Your order goes to print next; we will e-mail you when it ships.',
  },
  // Paid and waiting out the grace period (docs/after-payment.md#the-grace-period-before-production).
  changeable: {
    label: 'Not yet made',
    title: 'Thank you: your order is confirmed',
    text: 'Payment received. It goes to print when the time to change your mind is over; until then you can still cancel it.',
  },
  'in-production': {
    label: 'Being made',
    title: 'Thank you: your order is being made',
    text: 'Payment received and your order is with our print partner. We will e-mail you when it ships.',
  },
  'on-hold': {
    label: 'On hold',
    title: 'Payment received: your order is on hold',
    text: 'Nothing is being made yet. We will contact you by e-mail within one working day to sort it out, or refund you in full.',
  },
  'on-its-way': {
    label: 'On its way',
    title: 'Your order is on its way',
    text: 'Our print partner has shipped your order.',
  },
  'refunded-in-part': {
    label: 'Refunded in part',
    title: 'Part of this order was refunded',
    text: 'Part of the payment has been returned to you. Your bank may take a few days to show it.',
  },
  refunded: {
    label: 'Refunded',
    title: 'This order was refunded',
    text: 'The payment has been returned to you. Your bank may take a few days to show it.',
  },
  cancelled: {
    label: 'Cancelled',
    title: 'Your order is cancelled',
    text: 'Nothing will be made. The full payment is returned to you; your bank may take a few days to show it.',
  },
};

/** Why an order on hold is held, for the shopper: the address, or a problem at the print partner. */
export function onHoldReason(fulfilmentStatus: string): string {
  return fulfilmentStatus === FULFILMENT_HELD_FOR_ADDRESS
    ? 'The address you paid with is in another state or region than the one shipping was quoted for.'
    : 'Our print partner could not start it as it is.';
}

/** Print partner statuses in which nothing is being made and the studio has to step in. */
const HELD_FULFILMENT = new Set(['onhold', FULFILMENT_HELD_FOR_ADDRESS, 'failed', 'canceled', 'returned']);
const MAKING_FULFILMENT = new Set(['draft', 'pending', 'inprocess']);
const SHIPPED_FULFILMENT = new Set(['partial', 'fulfilled', 'shipped']);

export interface OrderStageFacts {
  status: OrderStatus;
  /** `none` (or absent) before the print partner has it. */
  fulfilmentStatus?: string;
  /** In US dollars, refunded so far. */
  refunded?: number;
  /** Whether it can still be cancelled, and whether it was (absent: never held). */
  secondChance?: ShopperSecondChance;
}

export function orderStage(order: OrderStageFacts, now: Date = new Date()): OrderStage {
  // Cancelled by the shopper within the grace period: cancelled, before and after the refund lands.
  if (order.secondChance?.cancellation === 'cancelled' && (order.status === 'paid' || order.status === 'refunded'))
    return 'cancelled';
  switch (order.status) {
    case 'pending':
      return 'awaiting-payment';
    case 'failed':
      return 'payment-failed';
    case 'expired':
      return 'checkout-expired';
    case 'refunded':
      return 'refunded';
    default:
      break;
  }
  const fulfilment = order.fulfilmentStatus ?? 'none';
  if ((order.refunded ?? 0) > 0) return 'refunded-in-part';
  // A parcel that came back is waiting on the studio, not on its way, though it was shipped.
  if (HELD_FULFILMENT.has(fulfilment)) return 'on-hold';
  if (order.status === 'shipped' || SHIPPED_FULFILMENT.has(fulfilment)) return 'on-its-way';
  const until = order.secondChance?.changeableUntil;
  if (until && Date.parse(until) > now.getTime() && (fulfilment === 'none' || fulfilment === 'draft'))
    return 'changeable';
  if (MAKING_FULFILMENT.has(fulfilment)) return 'in-production';
  return 'confirmed';
}

/** The payment status and what else an admin filter by stage must check among its orders. */
export function stageStatus(stage: OrderStage): OrderStatus {
  const status: Record<OrderStage, OrderStatus> = {
    'awaiting-payment': 'pending',
    'payment-failed': 'failed',
    'checkout-expired': 'expired',
    confirmed: 'paid',
    changeable: 'paid',
    'in-production': 'paid',
    'on-hold': 'paid',
    'on-its-way': 'shipped',
    'refunded-in-part': 'paid',
    refunded: 'refunded',
    cancelled: 'refunded',
  };
  return status[stage];
}
