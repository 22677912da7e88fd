import type { Order } from '../../schemas/order.js';
import type { SalesMonth } from '../../schemas/admin-back-office.js';
import { chargedAmount, refundedAmount } from './after-payment.js';
import { toMinorUnits } from './money.js';
import { orderAmountInUsd } from './sales-currencies.js';

// The studio's sales and margin report (docs/rules.md#the-back-office), one row per calendar month (the studio's, as the API asks) of
// payment. Every figure is summed in cents so that a month adds up exactly:
//   revenue      what shoppers paid (goods after discounts, shipping and tax)
//   refunds      what was given back of those payments (pending or succeeded refunds)
//   printfulCost what Printful charges for the orders it makes (nothing for a cancelled one)
//   stripeFees   STRIPE_FEE_PERCENT of each payment plus STRIPE_FEE_FIXED, an estimate
//   net          revenue - refunds - tax still owed - printfulCost - stripeFees: what the studio
//                keeps. Tax handed back with a refund is not owed: an order's tax counts in the
//                share of its payment that was not refunded (all of it without refunds, none of it
//                for a full refund), so the refund alone takes it off.

export interface StripeFeeRule {
  percent: number;
  fixed: number;
}

/** Statuses of an order that was paid (and may since have shipped or been refunded). */
const PAID = new Set<Order['status']>(['paid', 'shipped', 'refunded']);

const discountOf = (amounts: Order['amounts']): number =>
  amounts && 'discount' in amounts && typeof amounts.discount === 'number' ? amounts.discount : 0;

/** Every month from `from` to `to` (YYYY-MM, inclusive). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number);
  const [endYear, endMonth] = to.split('-').map(Number);
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/** The month `n` months before `month` (YYYY-MM). */
export function monthsBefore(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Stripe's estimated fee on one payment, in cents. */
export function stripeFeeCents(chargedCents: number, fee: StripeFeeRule): number {
  return chargedCents > 0 ? Math.round((chargedCents * fee.percent) / 100 + fee.fixed * 100) : 0;
}

type Sums = Omit<SalesMonth, 'month'>;
const ZERO: Sums = {
  orders: 0,
  units: 0,
  revenue: 0,
  shipping: 0,
  tax: 0,
  discounts: 0,
  refunds: 0,
  printfulCost: 0,
  stripeFees: 0,
  net: 0,
};

/** Whether an order counts as a sale: it was paid (and may since have shipped or been refunded). */
export function isSale(order: Pick<Order, 'paidAt' | 'status'>): order is Pick<Order, 'status'> & { paidAt: string } {
  return Boolean(order.paidAt) && PAID.has(order.status);
}

/**
 * One paid order's share of every figure, in US cents: an order paid in another currency counts
 * at the rate it was priced at (docs/rules.md#local-prices); Printful's cost is in dollars already.
 */
function orderCents(order: Order, fee: StripeFeeRule): Sums {
  const usd = (amount: number) => toMinorUnits(orderAmountInUsd(order, amount));
  const revenue = usd(chargedAmount(order));
  const tax = usd(order.amounts?.tax ?? 0);
  const refunds = usd(refundedAmount(order.refunds));
  const printful = order.fulfilment.status === 'canceled' ? 0 : toMinorUnits(order.fulfilment.cost ?? 0);
  const stripe = stripeFeeCents(revenue, fee);
  const taxOwed = revenue > 0 ? Math.round((tax * Math.max(0, revenue - refunds)) / revenue) : tax;
  return {
    orders: 1,
    units: order.items.reduce((n, item) => n + item.quantity, 0),
    revenue,
    shipping: usd(order.amounts?.shipping ?? 0),
    tax,
    discounts: usd(discountOf(order.amounts)),
    refunds,
    printfulCost: printful,
    stripeFees: stripe,
    net: revenue - refunds - taxOwed - printful - stripe,
  };
}

function add(into: Sums, more: Sums): void {
  for (const key of Object.keys(into) as Array<keyof Sums>) into[key] += more[key];
}

const inDollars = (s: Sums): Sums => ({
  orders: s.orders,
  units: s.units,
  revenue: s.revenue / 100,
  shipping: s.shipping / 100,
  tax: s.tax / 100,
  discounts: s.discounts / 100,
  refunds: s.refunds / 100,
  printfulCost: s.printfulCost / 100,
  stripeFees: s.stripeFees / 100,
  net: s.net / 100,
});

/** The report's figures summed over any set of orders (the admin home's today and this month). */
export function salesTotals(orders: readonly Order[], fee: StripeFeeRule): Omit<SalesMonth, 'month'> {
  const sums = { ...ZERO };
  for (const order of orders) if (isSale(order)) add(sums, orderCents(order, fee));
  return inDollars(sums);
}

/**
 * `monthOf` names the month (YYYY-MM) an order's payment falls in: the studio's calendar month
 * (docs/admin.md#times) where the API passes its zone, the UTC month by default.
 */
export function salesReport(
  orders: readonly Order[],
  range: { from: string; to: string },
  fee: StripeFeeRule,
  monthOf: (paidAt: string) => string = (paidAt) => paidAt.slice(0, 7),
): SalesMonth[] {
  // Cents per month and field.
  const cents = new Map(monthsBetween(range.from, range.to).map((m) => [m, { ...ZERO }]));
  for (const order of orders) {
    if (!isSale(order)) continue;
    const sums = cents.get(monthOf(order.paidAt));
    if (sums) add(sums, orderCents(order, fee));
  }
  return [...cents].map(([month, s]) => ({ month, ...inDollars(s) }));
}

/** The report as CSV: a header of the JSON field names, one line per month, dollars with cents. */
export function salesReportCsv(months: readonly SalesMonth[], fields: readonly (keyof SalesMonth)[]): string {
  const cell = (month: SalesMonth, field: keyof SalesMonth) => {
    const value = month[field];
    return typeof value === 'number' && field !== 'orders' && field !== 'units' ? value.toFixed(2) : String(value);
  };
  return [fields.join(','), ...months.map((m) => fields.map((f) => cell(m, f)).join(','))].join('\r\n') + '\r\n';
}
