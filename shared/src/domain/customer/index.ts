import type { Order } from '../../schemas/order.js';
import { chargedAmount, refundedAmount } from '../order/after-payment.js';
import { isSale } from '../order/sales-report.js';
import { orderAmountInUsd } from '../order/sales-currencies.js';

// The studio's customers, gathered from their paid orders: a signed-in shopper is one customer
// whatever e-mail each order carried; a guest has no account, so a guest is their e-mail address
// (the same person checking out from two browsers is one customer). The key names the customer in
// the admin's addresses: "user:<uid>" or "email:<address>".

export type CustomerKey = `user:${string}` | `email:${string}`;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The e-mail an order was paid with (Stripe's, else the one typed with the address). */
export function orderEmail(order: Pick<Order, 'customerEmail' | 'shipping'>): string | null {
  const email = order.customerEmail ?? order.shipping?.email ?? null;
  return email ? normalEmail(email) : null;
}

/** Whose order this is, or null for a guest order without an e-mail. */
export function customerKeyOf(order: Pick<Order, 'owner' | 'customerEmail' | 'shipping'>): CustomerKey | null {
  if (order.owner.kind === 'user') return `user:${order.owner.id}`;
  const email = orderEmail(order);
  return email ? `email:${email}` : null;
}

/** The key of whoever wrote from this e-mail address (a quote's sender). */
export const customerKeyOfEmail = (email: string): CustomerKey => `email:${normalEmail(email)}`;

/** A key read from an address: "user:" with an id or "email:" with an address, else null. */
export function parseCustomerKey(raw: string): { kind: 'user'; id: string } | { kind: 'email'; email: string } | null {
  const colon = raw.indexOf(':');
  const kind = raw.slice(0, colon);
  const value = raw.slice(colon + 1).trim();
  if (colon < 1 || !value) return null;
  if (kind === 'user' && /^[\w-]{1,128}$/.test(value)) return { kind: 'user', id: value };
  if (kind === 'email' && /^[^\s@]+@[^\s@]+$/.test(value) && value.length <= 320)
    return { kind: 'email', email: normalEmail(value) };
  return null;
}

/** The admin page of a customer. */
export const customerPath = (key: CustomerKey) => `/admin/customers/${encodeURIComponent(key)}`;

/** Whether an order belongs to the customer the key names. */
export function isOrderOf(order: Order, key: NonNullable<ReturnType<typeof parseCustomerKey>>): boolean {
  if (key.kind === 'user') return order.owner.kind === 'user' && order.owner.id === key.id;
  return order.owner.kind === 'guest' && orderEmail(order) === key.email;
}

export interface CustomerSummary {
  key: CustomerKey;
  kind: 'account' | 'guest';
  name: string | null;
  email: string | null;
  /** Paid orders (refunded ones included). */
  orders: number;
  /** What they paid, less what was refunded, in US dollars. */
  spent: number;
  firstOrderAt: string;
  lastOrderAt: string;
}

/** Every customer of these orders, the most recent buyer first; only paid orders count. */
export function customersOf(orders: readonly Order[]): CustomerSummary[] {
  const byKey = new Map<CustomerKey, CustomerSummary & { cents: number }>();
  const sorted = [...orders].filter(isSale).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const order of sorted) {
    const key = customerKeyOf(order);
    if (!key) continue;
    // In US dollars, an order paid in another currency at its rate (docs/rules.md#local-prices).
    const cents = Math.round(orderAmountInUsd(order, chargedAmount(order) - refundedAmount(order.refunds)) * 100);
    const known = byKey.get(key);
    const name = order.shipping?.name ?? known?.name ?? null;
    const email = orderEmail(order) ?? known?.email ?? null;
    if (known) {
      Object.assign(known, { name, email, lastOrderAt: order.createdAt });
      known.orders += 1;
      known.cents += cents;
    } else {
      byKey.set(key, {
        key,
        kind: order.owner.kind === 'user' ? 'account' : 'guest',
        name,
        email,
        orders: 1,
        spent: 0,
        cents,
        firstOrderAt: order.createdAt,
        lastOrderAt: order.createdAt,
      });
    }
  }
  return [...byKey.values()]
    .map(({ cents, ...c }) => ({ ...c, spent: cents / 100 }))
    .sort((a, b) => b.lastOrderAt.localeCompare(a.lastOrderAt));
}

/** The customer of an order as the admin's order views carry it (owner and the e-mail shown). */
export function customerKeyOfView(order: { owner: Order['owner']; email: string | null }): CustomerKey | null {
  return customerKeyOf({ owner: order.owner, customerEmail: order.email, shipping: null });
}
