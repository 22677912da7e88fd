import type { AdminOrder } from '@shop/shared/schemas';
import { useStudioTime } from '../../../lib/studio-time';
import { eventNoteWords, eventSourceLabel, orderEventLabel } from '../../../lib/orders/order-status-text';

/** An order's history as list items, in the studio's time: the orders list and the order page share it. */
export function OrderHistoryItems({ events }: { events: AdminOrder['events'] }) {
  const time = useStudioTime();
  return events.map((e, i) => (
    <li key={`${e.eventId ?? 'event'}-${i}`}>
      <time dateTime={e.at}>{time.dateTime(e.at)}</time> <strong>{eventSourceLabel(e.source)}:</strong>{' '}
      <span title={e.type}>{orderEventLabel(e.type)}</span>
      {e.note && <span> — {eventNoteWords(e.note, time.zone)}</span>}
    </li>
  ));
}
