import { useState } from 'react';
import type { AdminOrderDetail } from '@shop/shared/schemas';
import { useStudioTime } from '../../../lib/studio-time';
import { useChangeHold } from '../api/admin-orders-api';

/**
 * While the order waits out its grace period: send it to print now, or give the shopper more time.
 * Sending it now ends the shopper's right to cancel, so it is asked once more; once sent, the panel
 * says so and offers nothing more (the order itself catches up when the release job has run).
 */
export function HoldControls({ order }: { order: AdminOrderDetail }) {
  const time = useStudioTime();
  const change = useChangeHold(order.id);
  const [asking, setAsking] = useState(false);
  const released = change.isSuccess && change.variables?.kind === 'release';
  if (!order.holdUntil && !released) return null;
  if (released) {
    return (
      <div className="admin-toolbar" data-testid="hold-controls">
        <p role="status">
          <strong>Sent to print.</strong> The shopper can no longer cancel it; a request to cancel now comes to you.
        </p>
      </div>
    );
  }
  return (
    <div className="admin-toolbar" data-testid="hold-controls">
      <p>
        Waiting to go to print until <strong>{time.dateTime(order.holdUntil!)}</strong>; the shopper can cancel it until
        then.
      </p>
      {asking ? (
        <div role="group" aria-labelledby="hold-release-question">
          <p id="hold-release-question">
            <strong>Send it to print now?</strong> The shopper can no longer cancel it or change it.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'release' }, { onSettled: () => setAsking(false) })}
          >
            Yes, send it to print
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
            Keep waiting
          </button>
        </div>
      ) : (
        <>
          <button
            type="button"
            className="button button--ghost"
            disabled={change.isPending}
            onClick={() => setAsking(true)}
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
        </>
      )}
      <span role="status" aria-live="polite">
        {change.isSuccess && `It goes to print at ${time.dateTime(change.data.holdUntil)}.`}
        {change.error && <span className="form-message form-message--error">{change.error.message}</span>}
      </span>
    </div>
  );
}
