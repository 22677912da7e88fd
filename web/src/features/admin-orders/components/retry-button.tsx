import type { AdminOrder } from '@shop/shared/schemas';
import { useRetryFulfilment } from '../api/admin-orders-api';

// A held or failed order sent to Printful again (docs/admin.md): on the orders list's row and on
// the order's own page, where the studio reads why it is held.

export function RetryButton({ order }: { order: AdminOrder }) {
  const retry = useRetryFulfilment();
  if (!order.canRetryFulfilment) return null;
  return (
    <div className="admin-order__retry">
      <button
        type="button"
        className="button button--primary button--small"
        disabled={retry.isPending || retry.isSuccess}
        onClick={() => retry.mutate(order.id)}
      >
        {retry.isSuccess ? 'Retry queued' : 'Retry fulfilment'}
      </button>
      {retry.error && (
        <span role="alert" className="admin-order__error">
          {retry.error.message}
        </span>
      )}
    </div>
  );
}
