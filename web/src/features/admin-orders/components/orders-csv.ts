import type { AdminOrder } from '@shop/shared/schemas';
import { adminOrderState, orderNumber, productionLabel } from '../../../lib/orders/order-status-text';

/**
 * One cell. Text a shopper typed (a name on the payment page) starting with = + - @, a tab or a
 * carriage return would be read by a spreadsheet as a formula: it gets a leading ' (OWASP's CSV
 * injection rule). Numbers are written as they are.
 */
export const csvCell = (value: string | number) => {
  const raw = String(value);
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The list as shown (its filters applied) as a spreadsheet: states in words, times in the studio's zone. */
export function ordersCsv(orders: readonly AdminOrder[], when: (iso: string) => string): string {
  const header = ['number', 'placed', 'customer', 'email', 'state', 'production', 'total', 'refunded', 'discountCode'];
  const rows = orders.map((o) => [
    orderNumber(o),
    when(o.createdAt),
    o.customerName ?? '',
    o.customerEmail ?? '',
    adminOrderState(o).label,
    productionLabel(o),
    (o.amounts?.total ?? o.totalPrice).toFixed(2),
    o.refunded.toFixed(2),
    o.discountCode ?? '',
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function downloadOrdersCsv(orders: readonly AdminOrder[], when: (iso: string) => string) {
  const url = URL.createObjectURL(new Blob([ordersCsv(orders, when)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'orders.csv';
  link.click();
  URL.revokeObjectURL(url);
}
