import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { laterOrderReading } from '@shop/shared/domain/order';
import { orderLookupBodySchema, orderLookupRequestSchema, type ShopperOrder } from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-client';
import { lookupOrder, useOrderLookup } from '../api/lookup-order';
import { OrderCard } from './order-card';
import { OrderCancel } from './order-cancel';
import { OrderChangeGate } from './order-change-gate';
import { OrderCodeOffer, OrderUndo } from './order-keys';
import '../../../components/orders/order-lists.css';
import '../orders.css';

// /store/order-status: a shopper (a guest above all) finds an order again with the number from
// its confirmation e-mail and the address it was paid with. The answer to a miss never says which
// of the two was wrong. The confirmation e-mail's link carries the number and a key
// (?number=...&key=...): the page then looks the order up by itself, no e-mail address asked.
// Number and e-mail show where the order stands only; its address, changes and cancelling take
// the link's key, a one-time code or the buyer's account (docs/after-payment.md#who-may-change-an-order).

type Field = 'number' | 'email';

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'Too many tries in a short time. Please wait a minute and try again.';
    if (error.status === 404 || error.status === 400) return error.message;
  }
  return 'The order could not be looked up just now. Please try again in a moment.';
}

/** How the shown order was named: by its link's key, or by number and e-mail (status only, unless signed in as its buyer). */
type Found = { number: string; key: string } | { number: string; email: string };

function FoundOrder({
  order,
  found,
  undo,
  onChanged,
  onOpened,
}: {
  order: ShopperOrder;
  found: Found | null;
  undo: number | null;
  onChanged: (order: ShopperOrder) => void;
  onOpened: (order: ShopperOrder, key: string | undefined) => void;
}) {
  const reread = () => {
    if (found && 'key' in found) void lookupOrder(found).then(onChanged, () => undefined);
  };
  // Changing and cancelling take a key the buyer holds (docs/after-payment.md#who-may-change-an-order).
  const full = order.access === 'full' && found !== null;
  return (
    <OrderCard order={order} headingLevel={2}>
      {order.email && <p className="order-card__email">Confirmation e-mails go to {order.email}.</p>}
      {!full && found && 'email' in found && (
        <OrderCodeOffer number={found.number} email={found.email} onOpened={onOpened} />
      )}
      {full && undo !== null && 'key' in found && <OrderUndo target={found} change={undo} onUndone={onChanged} />}
      {full && (
        <OrderCancel
          target={found}
          status={order.status}
          fulfilmentStatus={order.fulfilmentStatus}
          secondChance={order.secondChance}
          onDone={reread}
        />
      )}
      {full && (
        <OrderChangeGate
          target={found}
          items={order.items}
          currency={order.currency}
          secondChance={order.secondChance}
          address={order.shippingAddress}
          onChanged={(changed) => (changed ? onChanged(changed) : reread())}
          headingLevel={3}
        />
      )}
    </OrderCard>
  );
}

export function OrderLookup({
  initialNumber = '',
  linkKey = '',
  undo = null,
}: {
  initialNumber?: string;
  linkKey?: string;
  /** The change e-mail's undo link: the change whose address it offers to put back. */
  undo?: number | null;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ number: initialNumber, email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const lookup = useOrderLookup();
  // The number and address of the order shown: its cancel names it the same way.
  const [found, setFound] = useState<Found | null>(null);
  // The same order read again after a cancel, without a new lookup that would clear the answer.
  const [latest, setLatestReading] = useState<ShopperOrder | null>(null);
  // Readings may land out of order (a slow re-read after a change's answer): an older one never replaces a newer.
  const setLatest = (read: ShopperOrder) =>
    setLatestReading((shown) => laterOrderReading(shown ?? lookup.data ?? null, read));

  // Opened from the e-mail's link, the order is already named: the page shows it, and the form
  // (which would seem to ask for the e-mail address) only on request or if the link fails.
  const [askOther, setAskOther] = useState(false);
  // The e-mail's link: looked up once, as soon as the page opens (each try counts against the budget).
  const linkTried = useRef(false);
  useEffect(() => {
    if (linkTried.current || !linkKey) return;
    linkTried.current = true;
    const parsed = orderLookupRequestSchema.safeParse({ number: initialNumber, key: linkKey });
    if (!parsed.success || parsed.data.key === undefined) return;
    const byKey = { number: parsed.data.number, key: parsed.data.key };
    lookup.mutate(byKey, {
      onSuccess: () => {
        setFound(byKey);
        setLatestReading(null);
      },
    });
  }, [initialNumber, linkKey, lookup]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderLookupBodySchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(`lookup-${found.number ? 'number' : 'email'}`)?.focus();
      return;
    }
    setErrors({});
    // The answer may be below the fold on a phone: focus moves to it, so it is seen and read out.
    const showResult = () =>
      requestAnimationFrame(() => document.getElementById('order-lookup-result')?.focus({ preventScroll: false }));
    lookup.mutate(parsed.data, {
      onSuccess: () => {
        setFound({ number: parsed.data.number, email: parsed.data.email });
        setLatestReading(null);
        showResult();
      },
      onError: showResult,
    });
  }

  const control = (field: Field) => ({
    id: `lookup-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `lookup-${field}-error` : undefined,
    required: true,
  });
  const errorText = (field: Field) =>
    errors[field] && (
      <p id={`lookup-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    );

  const byLink = Boolean(linkKey) && !askOther && !lookup.isError;
  const form = (
    <form className="order-lookup__form" noValidate onSubmit={onSubmit} aria-labelledby="order-lookup-title">
      <h2 id="order-lookup-title">Find your order</h2>
      <p>Enter the order number from your confirmation e-mail and the e-mail address you paid with.</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="lookup-number">Order number</label>
          <input
            {...control('number')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="CS-10042"
          />
          {errorText('number')}
        </div>
        <div className="field">
          <label htmlFor="lookup-email">E-mail address</label>
          <input {...control('email')} type="email" autoComplete="email" />
          {errorText('email')}
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={lookup.isPending}>
        {lookup.isPending ? 'Looking up...' : 'Find my order'}
      </button>
      <p className="order-lookup__account">
        Have an account? <Link to="/account">Your orders are on your account page</Link>.
      </p>
    </form>
  );

  return (
    <div className="container page order-lookup">
      {!byLink && form}
      <div id="order-lookup-result" tabIndex={-1} aria-live="polite" role="status" className="order-lookup__result">
        {byLink && lookup.isPending && <p>Opening your order...</p>}
        {lookup.isError && (
          <div className="callout callout--error" data-testid="lookup-error">
            <p>{failureText(lookup.error)}</p>
          </div>
        )}
        {lookup.isSuccess && (
          <FoundOrder
            order={latest ?? lookup.data}
            found={found}
            undo={undo}
            onChanged={setLatest}
            onOpened={(order, key) => {
              // The code opened the order: from now on the page holds its link's key, as the e-mail's link does.
              if (key && found) setFound({ number: found.number, key });
              setLatest(order);
            }}
          />
        )}
      </div>
      {byLink && lookup.isSuccess && (
        <button type="button" className="button button--ghost order-lookup__other" onClick={() => setAskOther(true)}>
          Look up another order
        </button>
      )}
      {lookup.isError && isApiError(lookup.error) && lookup.error.message === MESSAGES.orderLookupNotFound && (
        <p className="order-lookup__help">
          Still no luck? Write to us with your name and the date of the order: we will find it for you.
        </p>
      )}
    </div>
  );
}
