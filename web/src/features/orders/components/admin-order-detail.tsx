import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { countryName } from '@shop/shared/domain/address';
import { Link } from 'react-router-dom';
import { customerKeyOfView, customerPath } from '@shop/shared/domain/customer';
import { shippingOptionLabel } from '@shop/shared/domain/delivery';
import { orderStage } from '@shop/shared/domain/order';
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
import { useStudioTime } from '../../../lib/studio-time';
import { orderArrival } from '../order-arrival';
import {
  useAdminOrder,
  useChangeHold,
  useDecideCancelRequest,
  useRefundOrder,
  useResendConfirmation,
} from '../api/order-lists';
import { orderStageLabel, orderNumber, productionLabel, refundStatusLabel } from '../order-status-text';
import { OrderHistoryItems } from './order-history-items';
import '../order-lists.css';

// /admin/orders/:orderId: one order in full for the studio, with its two actions. The refund is
// asked of Stripe; the order shows it once Stripe's event has come back through the webhook and
// the worker (docs/rules.md#after-payment), so the page reads the order again until it does.

function Address({ order }: { order: AdminOrderDetail }) {
  const to = order.shipping;
  if (!to) return <>No address yet</>;
  return (
    <address>
      {to.name}
      <br />
      {to.address1}
      {to.address2 && (
        <>
          <br />
          {to.address2}
        </>
      )}
      <br />
      {to.city}
      {to.stateCode ? `, ${to.stateCode}` : ''} {to.zip}
      <br />
      {countryName(to.countryCode)}
    </address>
  );
}

type RefundField = 'amount' | 'reason' | 'note' | 'tellCustomer';
type RefundProblems = Partial<Record<RefundField, string>>;
const REFUND_FIELDS: readonly RefundField[] = ['amount', 'reason', 'note', 'tellCustomer'];

/** Each field's first sentence, from the browser's check or the API's `details.fields`. */
function refundProblemsOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): RefundProblems {
  const problems: RefundProblems = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as RefundField;
    if (REFUND_FIELDS.includes(field)) problems[field] ??= issue.message;
  }
  return problems;
}

/**
 * The refund's last question, in the page: the amount, that it goes back to the card for good, and
 * whether the shopper is e-mailed. Focus lands on its heading; Back or Escape returns to the fields
 * as typed. A click that is the second of a double click on "Refund" is not taken as the answer.
 */
function RefundConfirmStep({
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
  const amount = formatPrice(request.amount ?? order.refundable, 'USD');
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

/**
 * The refund dialog (docs/admin.md#refunds): how much, Stripe's reason, a note the order keeps for
 * the studio, and whether the shopper is e-mailed about it. The same schema as the API checks each
 * field first, and a field the API refuses is named beside it.
 */
function RefundForm({ order, onRefunded }: { order: AdminOrderDetail; onRefunded: (refundId: string) => void }) {
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
            Refund of {formatPrice(refund.data.refund.amount, 'USD')} made in Stripe and recorded on the order.
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
      return setProblems({ amount: MESSAGES.refundAmountOverLeft(order.refundable.toFixed(2)) });
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
          Refund of {formatPrice(refund.data.refund.amount, 'USD')} made in Stripe:{' '}
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
            <span className="field__optional">(empty: all {formatPrice(order.refundable, 'USD')})</span>
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

/** While the order waits out its grace period: send it to print now, or give the shopper more time. */
function HoldControls({ order }: { order: AdminOrderDetail }) {
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

/**
 * A shopper's request to cancel after the grace period (docs/after-payment.md#the-studios-answer-to-a-request-to-cancel):
 * accept refunds the rest of the payment in full, decline has it made; the shopper is e-mailed either way.
 */
function CancelRequest({ order }: { order: AdminOrderDetail }) {
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

const CHANGE_KIND_LABELS = { variant: 'Size or colour', address: 'Address' } as const;
const CHANGE_VIA_LABELS = {
  confirmation: 'confirmation page',
  lookup: 'order lookup',
  'email-link': 'e-mail link',
} as const;

/** What the shopper changed within the grace period, oldest first. */
function OrderChanges({ order }: { order: AdminOrderDetail }) {
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

function ResendButton({ order }: { order: AdminOrderDetail }) {
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

/** The discount code's part of the sum (docs/rules.md#what-a-merch-shopper-expects): Stripe took it off the items. */
function discountText(order: AdminOrderDetail, money: (n: number) => string): string {
  const discount = order.amounts?.discount ?? 0;
  if (discount <= 0) return '';
  return ` − ${money(discount)} discount${order.discountCode ? ` (${order.discountCode})` : ''}`;
}

/** What the studio said when refunding: Stripe's reason in words, its note, and whether the shopper was told. */
function refundDetails(refund: AdminOrderDetail['refunds'][number]): string {
  const parts = [
    refund.reason ? (REFUND_REASON_LABELS[refund.reason as RefundReason] ?? refund.reason).toLowerCase() : null,
    refund.tellCustomer === false ? 'customer not e-mailed' : null,
  ].filter(Boolean);
  return `${parts.length ? ` (${parts.join(', ')})` : ''}${refund.note ? `: “${refund.note}”` : ''}`;
}

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const time = useStudioTime();
  const money = (n: number) => formatPrice(n, order.currency);
  // The quoted window, as the shopper's confirmation says it.
  const arrival = orderArrival(order, 'en-US');
  return (
    <dl className="admin-facts">
      <dt>Status</dt>
      <dd>
        <span className={`order-badge order-badge--${orderStage(order)}`} data-testid="admin-order-status">
          {orderStageLabel(order)}
        </span>
      </dd>
      <dt>Placed</dt>
      <dd>{time.dateTime(order.createdAt)}</dd>
      <dt>Customer</dt>
      <dd>
        {order.customerName ?? 'no name'} ·{' '}
        {order.customerEmail ? <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a> : 'no e-mail'} (
        {order.owner.kind === 'user' ? 'account' : 'guest'})
        <CustomerLink order={order} />
      </dd>
      <dt>Ships to</dt>
      <dd>
        <Address order={order} />
        {order.shippingMethod && (
          <div>
            {shippingOptionLabel(order.shippingMethod.name)}
            {arrival && <> · {arrival}</>}
          </div>
        )}
      </dd>
      <dt>Items</dt>
      <dd>
        <ul>
          {order.items.map((item) => (
            <li key={item.lineId}>
              {item.quantity} × {item.variantName ?? item.name} at {money(item.unitPrice)}
            </li>
          ))}
        </ul>
      </dd>
      <dt>Amounts</dt>
      <dd data-testid="admin-order-amounts">
        {order.amounts
          ? `${money(order.amounts.subtotal)} items${discountText(order, money)} + ${money(order.amounts.shipping)} shipping + ${money(order.amounts.tax)} tax = ${money(order.amounts.total)}`
          : money(order.totalPrice)}
      </dd>
      <dt>Refunds</dt>
      <dd data-testid="admin-order-refunds">
        {order.refunds.length === 0
          ? 'None'
          : order.refunds.map((r, i) => (
              <span key={r.id}>
                {i > 0 && ', '}
                {money(r.amount)} <span title={r.status}>{refundStatusLabel(r.status)}</span>
                {refundDetails(r)}
              </span>
            ))}
      </dd>
      <dt>Stripe</dt>
      <dd>
        {order.links.stripe ? (
          <a href={order.links.stripe} target="_blank" rel="noreferrer noopener">
            Payment in Stripe
          </a>
        ) : (
          '—'
        )}
      </dd>
      <dt>Printful</dt>
      <dd>
        {order.links.printful ? (
          <a href={order.links.printful} target="_blank" rel="noreferrer noopener">
            Order {order.printfulOrderId} in Printful
          </a>
        ) : (
          'No Printful order'
        )}{' '}
        · {productionLabel(order)}
        {order.fulfilmentStatus === 'canceled'
          ? ' · not charged'
          : order.printfulCost !== null && ` · costs ${money(order.printfulCost)}`}
        {order.fulfilmentReason && ` — ${order.fulfilmentReason}`}
      </dd>
    </dl>
  );
}

export function AdminOrderDetailPage({ orderId }: { orderId: string }) {
  // The refund just made: the order is read again until it carries it.
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const { data: order, isPending, error } = useAdminOrder(orderId, awaiting);
  return (
    <div className="container admin-section">
      <p>
        <Link to="/admin/orders">← All orders</Link>
      </p>
      {isPending && <p>Loading the order...</p>}
      {error && (
        <div className="callout callout--error" role="alert">
          <p>The order could not be loaded: {error.message}</p>
        </div>
      )}
      {order && (
        <div className="page-layout page-columns">
          <section className="card" aria-labelledby="order-title">
            <h2 id="order-title">Order {orderNumber(order)}</h2>
            <OrderFacts order={order} />
          </section>
          <section className="card" aria-labelledby="actions-title">
            <h2 id="actions-title">Actions</h2>
            <HoldControls order={order} />
            <CancelRequest order={order} />
            <RefundForm order={order} onRefunded={setAwaiting} />
            <ResendButton order={order} />
            <OrderChanges order={order} />
            {order.events.length > 0 && (
              <>
                <h3>History</h3>
                <ol className="admin-order__events">
                  <OrderHistoryItems events={order.events} />
                </ol>
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** The customer's page: every order and quote of whoever placed this one. */
function CustomerLink({ order }: { order: AdminOrderDetail }) {
  const key = customerKeyOfView(order);
  return key ? (
    <>
      {' · '}
      <Link to={customerPath(key)}>Customer page</Link>
    </>
  ) : null;
}
