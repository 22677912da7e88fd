import type { AdminOrderDetail } from '@shop/shared/schemas';
import { useStudioTime } from '../../../lib/studio-time';
import { useChangeHold } from '../api/admin-orders-api';

/** While the order waits out its grace period: send it to print now, or give the shopper more time. */
export function HoldControls({ order }: { order: AdminOrderDetail }) {
  const time = useStudioTime();
  const change = useChangeHold(order.id);
  if (!order.holdUntil) return null;
  return (
    <div className="admin-toolbar" data-testid="hold-controls">
      <p>
        Waiting to go to print until <strong>{time.dateTime(order.holdUntil)}</strong>; the shopper can cancel it until
        then.
      </p>
      <button
        type="button"
        className="button button--ghost"
        disabled={change.isPending}
        onClick={() => change.mutate({ kind: 'release' })}
      >
        Confirm now
      </button>
      <button
        type="button"
        className="button button--ghost"
        disabled={change.isPending}
        onClick={() => change.mutate({ kind: 'extend', minutes: 60 })}
      >
        Extend hold by an hour
      </button>
      <span role="status" aria-live="polite">
        {change.isSuccess && `It goes to print at ${time.dateTime(change.data.holdUntil)}.`}
        {change.error && <span className="form-message form-message--error">{change.error.message}</span>}
      </span>
    </div>
  );
}
