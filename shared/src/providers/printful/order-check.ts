import type { PrintfulOrderEventJobData, PrintfulShipment } from '../../schemas/order-events.js';
import { fulfilmentInWords } from '../../domain/order/fulfilment-words.js';

// A Printful order webhook is unsigned: the token in its URL proves only that someone knows the
// token. Before it changes an order, the worker reads the order Printful itself reports
// (`GET /orders/@{external_id}`, docs/providers.md#printful-orders) and applies the event only
// when Printful agrees with what it claims (docs/rules.md#after-payment).

/** The part of Printful's order (v1 `Order`) the check reads. */
export interface PrintfulOrderReport {
  id: number;
  status: string;
  /** Unix seconds of Printful's last change to the order. */
  updated?: number;
  shipments?: ReadonlyArray<Record<string, unknown>>;
}

const SHIPPED_STATUSES = new Set(['partial', 'fulfilled', 'archived']);

const same = (a: unknown, b: unknown) => a !== null && a !== undefined && b !== null && String(a) === String(b);

/** Printful's own record of the shipment the event names (by shipment id, else tracking number). */
export function reportedShipment(
  event: Pick<PrintfulOrderEventJobData, 'shipment'>,
  report: PrintfulOrderReport,
): Record<string, unknown> | null {
  const shipment = event.shipment;
  if (!shipment) return null;
  const found = (report.shipments ?? []).find((s) =>
    shipment.id ? same(s.id, shipment.id) : same(s.tracking_number, shipment.number),
  );
  return found ?? null;
}

/** Why Printful's report contradicts the event, or null when it agrees. */
export function printfulDisagreement(event: PrintfulOrderEventJobData, report: PrintfulOrderReport): string | null {
  if (event.printfulOrderId === null) return 'the event names no Printful order';
  if (!same(report.id, event.printfulOrderId))
    return `Printful order ${event.printfulOrderId} is not the one Printful has for this order (${report.id})`;
  const claim = (agrees: boolean, what: string) =>
    agrees ? null : `Printful reports the order ${fulfilmentInWords(report.status)}, not ${what}`;
  switch (event.type) {
    case 'order_failed':
      return claim(report.status === 'failed', 'failed');
    case 'order_canceled':
      return claim(report.status === 'canceled', 'cancelled');
    case 'order_put_hold':
      return claim(report.status === 'onhold', 'on hold');
    case 'order_remove_hold':
      return claim(report.status !== 'onhold', 'released from hold');
    case 'package_shipped':
    case 'package_returned': {
      const shipment = reportedShipment(event, report);
      if (!shipment) return `Printful lists no such shipment on the order`;
      if (event.type === 'package_shipped') return claim(SHIPPED_STATUSES.has(report.status), 'shipped');
      // v1 shipments carry no status; a later API's shipment status, when present, must say returned.
      return shipment.status === undefined || shipment.status === 'returned'
        ? null
        : `Printful reports the shipment ${String(shipment.status)}, not returned`;
    }
  }
}

/** The event as Printful reports it: its status, and its shipment as Printful lists it. */
export function asPrintfulReports(
  event: PrintfulOrderEventJobData,
  report: PrintfulOrderReport,
): PrintfulOrderEventJobData {
  const listed = reportedShipment(event, report);
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  const shipment: PrintfulShipment | null =
    event.shipment && listed
      ? {
          id: text(listed.id) ?? event.shipment.id ?? null,
          carrier: text(listed.carrier) ?? event.shipment.carrier,
          number: text(listed.tracking_number) ?? event.shipment.number,
          url: text(listed.tracking_url) ?? event.shipment.url,
          shippedAt: event.shipment.shippedAt,
        }
      : event.shipment;
  return { ...event, printfulStatus: report.status, shipment };
}

/**
 * What one e-mail is about: the Printful order, the kind of event and the shipment it concerns,
 * or else Printful's last change to the order. A replay of the event with a new `created` names
 * the same fact, so it is e-mailed once; a second hold after a release is a new change at Printful.
 */
export function printfulFactKey(event: PrintfulOrderEventJobData, report: PrintfulOrderReport): string {
  const shipment = event.shipment?.id ?? event.shipment?.number;
  const which = shipment ? `shipment-${shipment}` : `at-${report.updated ?? report.status}`;
  return `${report.id}-${event.type}-${which}`;
}

/** `created` as a time, never later than now: a future time would make every later event look stale. */
export function printfulEventTime(created: number, now = Date.now()): string {
  return new Date(Math.min(created * 1000, now)).toISOString();
}
