import type { Order } from '../../schemas/order.js';
import type { SalesMonth } from '../../schemas/admin-back-office.js';
import { chargedAmount, refundedAmount } from './after-payment.js';
import { toMinorUnits } from './money.js';

// The studio's sales and margin report (docs/rules.md#the-back-office), one row per calendar month (UTC) of
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

export function salesReport(
  orders: readonly Order[],
  range: { from: string; to: string },
  fee: StripeFeeRule,
): SalesMonth[] {
  // Cents per month and field.
  const cents = new Map(monthsBetween(range.from, range.to).map((m) => [m, { ...ZERO }]));
  for (const order of orders) {
    if (!order.paidAt || !PAID.has(order.status)) continue;
    const sums = cents.get(order.paidAt.slice(0, 7));
    if (!sums) continue;
    const revenue = toMinorUnits(chargedAmount(order));
    const tax = toMinorUnits(order.amounts?.tax ?? 0);
    const refunds = toMinorUnits(refundedAmount(order.refunds));
    const printful = order.fulfilment.status === 'canceled' ? 0 : toMinorUnits(order.fulfilment.cost ?? 0);
    const stripe = stripeFeeCents(revenue, fee);
    const taxOwed = revenue > 0 ? Math.round((tax * Math.max(0, revenue - refunds)) / revenue) : tax;
    sums.orders += 1;
    sums.units += order.items.reduce((n, item) => n + item.quantity, 0);
    sums.revenue += revenue;
    sums.shipping += toMinorUnits(order.amounts?.shipping ?? 0);
    sums.tax += tax;
    sums.discounts += toMinorUnits(discountOf(order.amounts));
    sums.refunds += refunds;
    sums.printfulCost += printful;
    sums.stripeFees += stripe;
    sums.net += revenue - refunds - taxOwed - printful - stripe;
  }
  const dollars = (n: number) => n / 100;
  return [...cents].map(([month, s]) => ({
    month,
    orders: s.orders,
    units: s.units,
    revenue: dollars(s.revenue),
    shipping: dollars(s.shipping),
    tax: dollars(s.tax),
    discounts: dollars(s.discounts),
    refunds: dollars(s.refunds),
    printfulCost: dollars(s.printfulCost),
    stripeFees: dollars(s.stripeFees),
    net: dollars(s.net),
  }));
}

/** The report as CSV: a header of the JSON field names, one line per month, dollars with cents. */
export function salesReportCsv(months: readonly SalesMonth[], fields: readonly (keyof SalesMonth)[]): string {
  const cell = (month: SalesMonth, field: keyof SalesMonth) => {
    const value = month[field];
    return typeof value === 'number' && field !== 'orders' && field !== 'units' ? value.toFixed(2) : String(value);
  };
  return [fields.join(','), ...months.map((m) => fields.map((f) => cell(m, f)).join(','))].join('\r\n') + '\r\n';
}
