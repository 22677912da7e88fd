import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@shop/shared';
import type { OrderCancelBody, ShopperOrder } from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-client';
import { useOpenOrderWithCode, useRequestOrderCode, useUndoOrderChange } from '../api/order-keys';

// What the order lookup offers besides the e-mail's link (docs/after-payment.md#who-may-change-an-order).
// Found by number and e-mail, an order shows where it stands only: to see where it goes, or to
// change or cancel it, the buyer asks for a one-time code sent to the order's address. The change
// e-mail's undo link (?undo=<n>) offers to put the previous address back.

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'Too many tries in a short time. Please wait a minute and try again.';
    if (error.status >= 400 && error.status < 500) return error.message;
  }
  return 'That did not go through just now; nothing has changed. Please try again in a moment.';
}

export function OrderCodeOffer({
  number,
  email,
  onOpened,
}: {
  number: string;
  email: string;
  /** The whole order, and the link's key that changes or cancels it. */
  onOpened: (order: ShopperOrder, key: string | undefined) => void;
}) {
  const request = useRequestOrderCode();
  const open = useOpenOrderWithCode();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) return setInvalid(true);
    setInvalid(false);
    open.mutate({ number, code: typed }, { onSuccess: (answer) => onOpened(answer.order, answer.key) });
  }

  return (
    <section className="order-code" aria-labelledby="order-code-title" data-testid="order-code">
      <h3 id="order-code-title">See the address, change or cancel</h3>
      <p>
        For your privacy an order number and e-mail address show only where the order stands. Open the link in your
        confirmation e-mail, or get a one-time code sent to the order&apos;s e-mail address.
      </p>
      {!request.isSuccess && (
        <button
          type="button"
          className="button button--ghost"
          disabled={request.isPending}
          onClick={() => request.mutate({ number, email })}
        >
          {request.isPending ? 'Sending...' : 'E-mail me a code'}
        </button>
      )}
      {request.isError && (
        <p className="field__error" role="alert">
          {failureText(request.error)}
        </p>
      )}
      {request.isSuccess && (
        <form noValidate onSubmit={onSubmit} className="order-code__form">
          <p role="status">{request.data.message}</p>
          <div className="field">
            <label htmlFor="order-code-input">Code from the e-mail</label>
            <input
              id="order-code-input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'order-code-error' : undefined}
            />
            {invalid && (
              <p id="order-code-error" className="field__error">
                {MESSAGES.orderCodeInvalid}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={open.isPending}>
            {open.isPending ? 'Opening...' : 'Open my order'}
          </button>
          {open.isError && (
            <p className="field__error" role="alert" data-testid="order-code-error">
              {failureText(open.error)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

export function OrderUndo({
  target,
  change,
  onUndone,
}: {
  target: OrderCancelBody;
  change: number;
  onUndone: (order: ShopperOrder) => void;
}) {
  const undo = useUndoOrderChange();
  if (undo.isSuccess)
    return (
      <div className="callout callout--success" role="status" data-testid="order-undo-result">
        <p>The previous address is back. We have e-mailed you the change.</p>
      </div>
    );
  return (
    <div className="callout order-undo" data-testid="order-undo">
      <p>Put back the address the order had before this change?</p>
      <button
        type="button"
        className="button button--primary"
        disabled={undo.isPending}
        onClick={() => undo.mutate({ order: target, change }, { onSuccess: (answer) => onUndone(answer.order) })}
      >
        {undo.isPending ? 'Putting it back...' : 'Put the previous address back'}
      </button>
      {undo.isError && (
        <p className="field__error" role="alert">
          {failureText(undo.error)}
        </p>
      )}
    </div>
  );
}
