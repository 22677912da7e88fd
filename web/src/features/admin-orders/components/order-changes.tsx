import type { AdminOrderDetail } from '@shop/shared/schemas';
import { useStudioTime } from '../../../lib/studio-time';

const CHANGE_KIND_LABELS = { variant: 'Size or colour', address: 'Address' } as const;
const CHANGE_VIA_LABELS = {
  confirmation: 'confirmation page',
  lookup: 'order lookup',
  'email-link': 'e-mail link',
} as const;

/** What the shopper changed within the grace period, oldest first. */
export function OrderChanges({ order }: { order: AdminOrderDetail }) {
  const time = useStudioTime();
  if (order.changes.length === 0) return null;
  return (
    <>
      <h3>Changes by the shopper</h3>
      <ol className="admin-order__events" data-testid="order-changes">
        {order.changes.map((change, i) => (
          <li key={`${change.at}-${i}`}>
            <time dateTime={change.at}>{time.dateTime(change.at)}</time>{' '}
            <strong>{CHANGE_KIND_LABELS[change.kind]}:</strong> {change.from} → {change.to}{' '}
            <span>(from the {CHANGE_VIA_LABELS[change.via]})</span>
          </li>
        ))}
      </ol>
    </>
  );
}
