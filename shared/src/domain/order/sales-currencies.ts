import type { Order } from '../../schemas/order.js';
import { STORE_CURRENCY, minorPerMajor, type CurrencyCode } from '../currency/currencies.js';
import { chargedAmount } from './after-payment.js';
import { roundToCents } from '../cart/cart-totals.js';

// Sales in more than one currency (docs/rules.md#local-prices): the reports add up US dollars, an
// order paid in another currency counted at the rate it was priced at, and show beside them what
// was paid in each currency.

/** An amount of the order's currency in US dollars at the order's rate, to the cent. */
export function orderAmountInUsd(order: Pick<Order, 'currency' | 'exchangeRate'>, amount: number): number {
  if (order.currency === STORE_CURRENCY || !order.exchangeRate) return amount;
  return roundToCents(amount / order.exchangeRate);
}

export interface CurrencySales {
  currency: CurrencyCode;
  orders: number;
  /** What shoppers paid in the currency (major units), as Stripe charged it. */
  paid: number;
  /** The same in US dollars at each order's rate. */
  usd: number;
}

/** What was paid in each currency, US dollars first, then the others by what they brought in dollars. */
export function salesByCurrency(
  orders: ReadonlyArray<Pick<Order, 'currency' | 'exchangeRate' | 'amounts' | 'totalPrice'>>,
): CurrencySales[] {
  const rows = new Map<CurrencyCode, { orders: number; paidMinor: number; usdCents: number; unit: number }>();
  for (const order of orders) {
    const currency = order.currency ?? STORE_CURRENCY;
    const row = rows.get(currency) ?? { orders: 0, paidMinor: 0, usdCents: 0, unit: minorPerMajor(currency) };
    const paid = chargedAmount(order);
    row.orders += 1;
    row.paidMinor += Math.round(paid * row.unit);
    row.usdCents += Math.round(orderAmountInUsd(order, paid) * 100);
    rows.set(currency, row);
  }
  return [...rows]
    .map(([currency, r]) => ({ currency, orders: r.orders, paid: r.paidMinor / r.unit, usd: r.usdCents / 100 }))
    .sort((a, b) => (a.currency === STORE_CURRENCY ? -1 : b.currency === STORE_CURRENCY ? 1 : b.usd - a.usd));
}
