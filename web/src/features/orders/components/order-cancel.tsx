import { useState } from 'react';
import type { OrderCancelBody, OrderStatus, ShopperSecondChance } from '@shop/shared/schemas';
import { orderStage } from '@shop/shared/domain/order';
import { isApiError } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';

// The shopper's way back (docs/after-payment.md#the-grace-period-before-production): within the
// grace period "Cancel order" cancels and refunds in full; after it, "Ask to cancel" asks the
// studio. Either asks once more before it is sent. The server decides; its sentence is shown as is.

const LATE_CANCEL_WORDS = {
  'on-hold': 'This order is on hold, and nothing is being made.',
  confirmed: 'This order goes to print next.',
  'in-production': 'This order has gone to print.',
} as const;

const timeOf = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'Too many tries in a short time. Please wait a minute and try again.';
    if (error.status >= 400 && error.status < 500) return error.message;
  }
  return 'Your request could not be sent just now; nothing has changed. Please try again in a moment.';
}

export function OrderCancel({
  target,
  status,
  fulfilmentStatus,
  secondChance,
  onDone,
}: {
  target: OrderCancelBody;
  status: OrderStatus;
  fulfilmentStatus: string;
  secondChance?: ShopperSecondChance;
  /** Called once the server answered: the page reads the order again. */
  onDone?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();
  const until = secondChance?.changeableUntil ?? null;

  if (cancel.isSuccess) {
    return (
      <div className="callout order-cancel" role="status" data-testid="order-cancel-result">
        <p>{cancel.data.message}</p>
      </div>
    );
  }
  if (secondChance?.cancellation === 'requested') {
    return (
      <p className="order-cancel" data-testid="order-cancel-requested">
        You asked to cancel this order. The studio will reply by e-mail within one working day.
      </p>
    );
  }
  const shipped = status === 'shipped' || ['fulfilled', 'partial', 'shipped'].includes(fulfilmentStatus);
  if (status !== 'paid' || shipped || secondChance?.cancellation === 'cancelled') return null;

  // Past the grace period, where the order stands: a held order is not "gone to print".
  const stage = orderStage({ status, fulfilmentStatus, secondChance });
  const lateStage = stage === 'on-hold' || stage === 'confirmed' ? stage : 'in-production';
  const send = () => cancel.mutate(target, { onSettled: () => onDone?.() });
  return (
    <div className="order-cancel" data-testid="order-cancel">
      {until ? (
        <p data-testid="order-cancel-until">
          Changed your mind? You can cancel this order until <strong>{timeOf(until)}</strong>, before it goes to print,
          and get your money back in full.
        </p>
      ) : (
        <p>{LATE_CANCEL_WORDS[lateStage]} If you need to cancel it, ask the studio: they will reply by e-mail.</p>
      )}
      {asking ? (
        <div className="order-cancel__confirm" role="group" aria-labelledby="order-cancel-question">
          <p id="order-cancel-question">
            <strong>
              {until ? 'Cancel this order and refund the full payment?' : 'Ask the studio to cancel this order?'}
            </strong>
          </p>
          <button type="button" className="button button--primary" onClick={send} disabled={cancel.isPending}>
            {cancel.isPending ? 'Sending...' : until ? 'Yes, cancel my order' : 'Yes, ask to cancel'}
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
            Keep my order
          </button>
        </div>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
          {until ? 'Cancel order' : 'Ask to cancel'}
        </button>
      )}
      {cancel.isError && (
        <div className="callout callout--error" role="alert" data-testid="order-cancel-error">
          <p>{failureText(cancel.error)}</p>
        </div>
      )}
    </div>
  );
}
