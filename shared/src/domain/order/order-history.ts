import { ORDER_EVENTS_MAX } from '../../constants/index.js';
import type { OrderEvent } from '../../schemas/order.js';
import { wasApplied } from './after-payment.js';

/** The newest Printful event that changed the fulfilment, by time: what later Printful events are weighed against. */
export function lastAppliedPrintfulEvent(events: readonly OrderEvent[]): OrderEvent | undefined {
  let newest: OrderEvent | undefined;
  for (const e of events) {
    if (e.source === 'printful' && wasApplied(e) && (!newest || e.at >= newest.at)) newest = e;
  }
  return newest;
}

/**
 * The order's history with `event` appended, bounded to the newest `max` events so the order
 * document stays small. The newest applied Printful event is kept however old, because the
 * ordering of later Printful events is judged against it. An event dropped here can be recorded
 * again if its provider repeats it, which needs more than `max` newer events first.
 */
export function appendOrderEvent(
  events: readonly OrderEvent[] | undefined,
  event: OrderEvent,
  max: number = ORDER_EVENTS_MAX,
): OrderEvent[] {
  const all = [...(events ?? []), event];
  if (all.length <= max) return all;
  const anchor = lastAppliedPrintfulEvent(all);
  let drop = all.length - max;
  return all.filter((e) => {
    if (drop === 0 || e === anchor) return true;
    drop -= 1;
    return false;
  });
}
