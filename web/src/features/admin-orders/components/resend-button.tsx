import type { AdminOrderDetail } from '@shop/shared/schemas';
import { useResendConfirmation } from '../api/admin-orders-api';

/** Sends the order's confirmation e-mail again, to the address on the order. */
export function ResendButton({ order }: { order: AdminOrderDetail }) {
  const resend = useResendConfirmation(order.id);
  if (!order.customerEmail) return <p>No e-mail address to send a confirmation to.</p>;
  return (
    <div className="admin-toolbar">
      <button
        type="button"
        className="button button--ghost"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {/* One box: the button lays out its children as flex items. */}
        <span>
          Resend confirmation <span className="admin-order__no-break">e-mail</span>
        </span>
      </button>
      <span role="status" aria-live="polite">
        {resend.isSuccess && `Confirmation e-mail queued for ${order.customerEmail}.`}
        {resend.error && <span className="form-message form-message--error">{resend.error.message}</span>}
      </span>
    </div>
  );
}
