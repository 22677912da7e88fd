import type { Order, OrderItem, OrderOwner } from '../../schemas/order.js';
import type { CurrencyCode } from '../currency/currencies.js';

// The order a checkout records beside its Stripe session (docs/contracts.md#http-api): pending, with
// nothing paid, sent or fulfilled yet. The API writes it at checkout; the worker builds the same
// one for a paid session whose pending order was lost.

/** What the checkout knows of its order before Stripe reports anything. */
export interface PendingOrderFields {
  id: string;
  sessionId: string;
  items: OrderItem[];
  /** In the order's currency, from the cart. */
  totalPrice: number;
  /** What the shopper pays in (docs/rules.md#local-prices); USD when absent. */
  currency?: CurrencyCode;
  /** Units of that currency per US dollar at checkout. */
  exchangeRate?: number;
  owner: OrderOwner;
  /** The cart it was checked out from, at that cart's revision. */
  cart: Order['cart'];
  customerEmail: string | null;
  /** When it was recorded (ISO). */
  at: string;
  /** The team order the cart's lines came from, when they did. */
  teamOrderId?: string | null;
  /** That team order's name, kept with the order so every page and e-mail can say it. */
  teamOrderTitle?: string | null;
}

export function pendingOrder(fields: PendingOrderFields): Order {
  const { id, sessionId, items, totalPrice, owner, cart, customerEmail, at, teamOrderId, teamOrderTitle } = fields;
  const currency = fields.currency ?? 'USD';
  return {
    id,
    status: 'pending',
    sessionId,
    items,
    totalPrice,
    currency,
    ...(currency !== 'USD' && fields.exchangeRate ? { exchangeRate: fields.exchangeRate } : {}),
    owner,
    cart,
    createdAt: at,
    updatedAt: at,
    paidAt: null,
    customerEmail,
    shipping: null,
    fulfilment: { provider: 'printful', orderId: null, status: 'none' },
    steps: { cartCleared: false, confirmationQueued: false, shippedNoticeQueued: false },
    ...(teamOrderId ? { teamOrderId } : {}),
    ...(teamOrderId && teamOrderTitle ? { teamOrderTitle } : {}),
  };
}
