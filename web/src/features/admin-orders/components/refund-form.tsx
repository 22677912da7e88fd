import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@shop/shared';
import {
  REFUND_REASON_LABELS,
  REFUND_REASONS,
  refundRequestSchema,
  type AdminOrderDetail,
  type RefundReason,
  type RefundRequest,
} from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-error';
import { formatPrice } from '../../../lib/catalog/format-price';
import { refundStatusLabel } from '../../../lib/orders/order-status-text';
import { useRefundOrder } from '../api/admin-orders-api';
import { RefundConfirmStep } from './refund-confirm-step';
import { refundProblemsOf, type RefundField, type RefundProblems } from './refund-problems';
import '../admin-refund.css';

/**
 * The refund dialog (docs/admin.md#refunds): how much, Stripe's reason, a note the order keeps for
 * the studio, and whether the shopper is e-mailed about it. The same schema as the API checks each
 * field first, and a field the API refuses is named beside it.
 */
export function RefundForm({ order, onRefunded }: { order: AdminOrderDetail; onRefunded: (refundId: string) => void }) {
  const refund = useRefundOrder(order.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [note, setNote] = useState('');
  const [tellCustomer, setTellCustomer] = useState(true);
  const [problems, setProblems] = useState<RefundProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The refund asked for and checked, waiting on the confirmation step; null while the fields show.
  const [asking, setAsking] = useState<RefundRequest | null>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (asking || !returnFocus.current) return;
    returnFocus.current = false;
    submit.current?.focus();
  });
  const id = useId();
  const fieldId = (field: RefundField) => `${id}-${field}`;
  const problemId = (field: RefundField) => `${id}-${field}-problem`;
  /** A field's sentence goes once the field is changed: it spoke of the value before. */
  const edited = (field: RefundField) => setProblems((p) => (p[field] ? { ...p, [field]: undefined } : p));
  const described = (field: RefundField) => ({
    id: fieldId(field),
    'aria-invalid': problems[field] ? (true as const) : undefined,
    'aria-describedby': problems[field] ? problemId(field) : undefined,
  });
  const problem = (field: RefundField) =>
    problems[field] ? (
      <span id={problemId(field)} className="field__error">
        {problems[field]}
      </span>
    ) : null;
  if (order.refundable <= 0)
    return (
      <div role="status" aria-live="polite">
        {refund.data && (
          <p data-testid="refund-requested">
            Refund of {formatPrice(refund.data.refund.amount, order.currency)} made in Stripe and recorded on the order.
          </p>
        )}
        <p>Nothing left to refund.</p>
      </div>
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const value = amount.trim() === '' ? undefined : Number(amount);
    const body = { amount: value, reason, note: note.trim() || undefined, tellCustomer };
    const checked = refundRequestSchema.safeParse(body);
    if (!checked.success) return setProblems(refundProblemsOf(checked.error.issues));
    if (value !== undefined && value > order.refundable)
      return setProblems({ amount: MESSAGES.refundAmountOverLeft(formatPrice(order.refundable, order.currency)) });
    setProblems({});
    // Money leaves the studio for good: what will happen is said once more, in the page, first.
    setAsking(checked.data);
  };
  /** Back to the fields as they were typed, the studio on the Refund button again. */
  const back = () => {
    setAsking(null);
    returnFocus.current = true;
  };
  const send = (request: RefundRequest) =>
    refund.mutate(request, {
      onSuccess: (made) => {
        // The next refund starts from a clean form: the amount and note were this one's.
        setAmount('');
        setNote('');
        setReason('requested_by_customer');
        setTellCustomer(true);
        back();
        onRefunded(made.refund.id);
      },
      onError: (err) => {
        const named = isApiError(err)
          ? refundProblemsOf(Object.entries(err.fields).map(([path, message]) => ({ path: [path], message })))
          : {};
        setProblems(named);
        setFailure(Object.keys(named).length ? null : err.message);
        back();
      },
    });
  const status = (
    <div role="status" aria-live="polite">
      {failure && <p className="form-message form-message--error">{failure}</p>}
      {refund.data && (
        <p data-testid="refund-requested">
          Refund of {formatPrice(refund.data.refund.amount, order.currency)} made in Stripe:{' '}
          <span title={refund.data.refund.status}>{refundStatusLabel(refund.data.refund.status)}</span>.
          {order.refunds.some((r) => r.id === refund.data.refund.id)
            ? ' Recorded on the order.'
            : ' It appears on the order once Stripe confirms it.'}
        </p>
      )}
    </div>
  );
  if (asking)
    return (
      <form className="admin-refund" aria-label="Refund" onSubmit={(e) => e.preventDefault()} noValidate>
        <RefundConfirmStep
          order={order}
          request={asking}
          pending={refund.isPending}
          onConfirm={() => send(asking)}
          onBack={back}
        />
        {status}
      </form>
    );
  return (
    <form className="admin-refund" aria-label="Refund" onSubmit={onSubmit} noValidate>
      <div className="admin-toolbar">
        <label htmlFor={fieldId('amount')}>
          <span>
            Refund amount in ${' '}
            <span className="field__optional">(empty: all {formatPrice(order.refundable, order.currency)})</span>
          </span>
          <input
            {...described('amount')}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            max={order.refundable}
            value={amount}
            onChange={(e) => {
              edited('amount');
              setAmount(e.target.value);
            }}
          />
          {problem('amount')}
        </label>
        <label htmlFor={fieldId('reason')}>
          Reason
          <select
            {...described('reason')}
            value={reason}
            onChange={(e) => {
              edited('reason');
              setReason(e.target.value as RefundReason);
            }}
          >
            {REFUND_REASONS.map((r) => (
              <option key={r} value={r}>
                {REFUND_REASON_LABELS[r]}
              </option>
            ))}
          </select>
          {problem('reason')}
        </label>
      </div>
      <label htmlFor={fieldId('note')} className="admin-refund__note">
        <span>
          Note <span className="field__optional">(optional, for the studio: kept on the order)</span>
        </span>
        <textarea
          {...described('note')}
          className="admin-note"
          value={note}
          onChange={(e) => {
            edited('note');
            setNote(e.target.value);
          }}
        />
        {problem('note')}
      </label>
      <label htmlFor={fieldId('tellCustomer')} className="admin-refund__check">
        <input
          {...described('tellCustomer')}
          type="checkbox"
          checked={tellCustomer}
          onChange={(e) => {
            edited('tellCustomer');
            setTellCustomer(e.target.checked);
          }}
        />
        <span>
          Tell the customer{' '}
          <span className="field__optional">
            (e-mail {order.customerEmail ?? 'them'} that the money is on its way back)
          </span>
        </span>
        {problem('tellCustomer')}
      </label>
      <div className="admin-toolbar">
        <button ref={submit} type="submit" className="button button--primary" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </button>
      </div>
      {status}
    </form>
  );
}
