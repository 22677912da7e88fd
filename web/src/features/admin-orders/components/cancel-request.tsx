import type { AdminOrderDetail } from '@shop/shared/schemas';
import { useDecideCancelRequest } from '../api/admin-orders-api';

/**
 * A shopper's request to cancel after the grace period (docs/after-payment.md#the-studios-answer-to-a-request-to-cancel):
 * accept refunds the rest of the payment in full, decline has it made; the shopper is e-mailed either way.
 */
export function CancelRequest({ order }: { order: AdminOrderDetail }) {
  const decide = useDecideCancelRequest(order.id);
  const chance = order.secondChance;
  if (chance?.cancellation !== 'requested') return null;
  const decided = decide.data?.decision ?? chance.decision ?? null;
  return (
    <div className="admin-toolbar" data-testid="cancel-request">
      {decided ? (
        <p>
          The shopper asked to cancel this order; the request was <strong>{decided}</strong>
          {decided === 'accepted' ? ' and the payment refunded in full' : ' and the order is made'}.
        </p>
      ) : (
        <>
          <p>
            <strong>The shopper asked to cancel this order.</strong> Accept refunds the rest of the payment in full;
            decline has it made. The shopper is e-mailed either way.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate('accept')}
          >
            Accept and refund
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={decide.isPending}
            onClick={() => decide.mutate('decline')}
          >
            Decline
          </button>
        </>
      )}
      <span role="status" aria-live="polite" data-testid="cancel-request-result">
        {decide.isSuccess &&
          (decide.data.decision === 'accepted'
            ? `Accepted: the payment is refunded in full${decide.data.refundId ? ` (${decide.data.refundId})` : ''} and the shopper is e-mailed.`
            : 'Declined: the order is made, and the shopper is e-mailed.')}
        {decide.error && <span className="form-message form-message--error">{decide.error.message}</span>}
      </span>
    </div>
  );
}
