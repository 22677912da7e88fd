import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { REFUND_REASON_LABELS, type AdminOrderDetail, type RefundRequest } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import '../admin-refund.css';

/**
 * The refund's last question, in the page: the amount, that it goes back to the card for good, and
 * whether the shopper is e-mailed. Focus lands on its heading; Back or Escape returns to the fields
 * as typed. A click that is the second of a double click on "Refund" is not taken as the answer.
 */
export function RefundConfirmStep({
  order,
  request,
  pending,
  onConfirm,
  onBack,
}: {
  order: AdminOrderDetail;
  request: RefundRequest;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const amount = formatPrice(request.amount ?? order.refundable, order.currency);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || pending) return;
    e.preventDefault();
    onBack();
  };
  const onConfirmClick = (e: MouseEvent) => {
    if (e.detail > 1) return;
    onConfirm();
  };
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="admin-refund__confirm"
      data-testid="refund-confirm"
      onKeyDown={onKeyDown}
    >
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        Confirm the refund
      </h3>
      <p>
        <strong>Refund {amount} to the customer&apos;s card.</strong> This cannot be undone.
      </p>
      <p>
        {request.tellCustomer
          ? `${order.customerEmail ?? 'The customer'} is e-mailed about it.`
          : 'The customer is not e-mailed.'}
      </p>
      <p className="admin-refund__said">
        Reason for Stripe: {REFUND_REASON_LABELS[request.reason ?? 'requested_by_customer']}
        {request.note && <> · Note kept on the order: “{request.note}”</>}
      </p>
      <div className="admin-toolbar">
        <button type="button" className="button button--primary" disabled={pending} onClick={onConfirmClick}>
          {pending ? 'Refunding...' : `Refund ${amount}`}
        </button>
        <button type="button" className="button button--ghost" disabled={pending} onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
