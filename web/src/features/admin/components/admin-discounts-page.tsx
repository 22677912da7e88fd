import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminDiscount, CreateDiscountBody, DiscountGuessAlert } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { createDiscount, discountsQuery, setDiscountActive, useDiscounts } from '../api/discounts-api';
import '../admin.css';

// /admin/discounts (docs/rules.md#what-a-merch-shopper-expects): every code with its redemptions (paid orders), a form to make
// one, and a switch to turn one off. The API checks every field; its refusal is shown as said.

/** "Dec 31, 2026": a day of the studio's calendar (YYYY-MM-DD) as entered, whatever the browser's zone. */
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

function describe(discount: AdminDiscount): string {
  const off = discount.kind === 'percent' ? `${discount.value}% off` : `${formatPrice(discount.value)} off`;
  const parts = [off];
  if (discount.minSubtotal !== null) parts.push(`from ${formatPrice(discount.minSubtotal)}`);
  if (discount.startsOn) parts.push(`starts ${formatDay(discount.startsOn)}`);
  if (discount.endsOn) parts.push(`ends ${formatDay(discount.endsOn)}`);
  return parts.join(' · ');
}

function CreateDiscountForm({ onCreated }: { onCreated: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const number = (name: string) => (text(name) ? Number(text(name)) : undefined);
    const body: CreateDiscountBody = {
      code: text('code'),
      kind: text('kind') === 'amount' ? 'amount' : 'percent',
      value: Number(text('value')),
      minSubtotal: number('minSubtotal'),
      // Days as typed: the server reads them on the studio's calendar (the code runs to the end
      // of its last day there), so the browser's own zone plays no part.
      startsOn: text('startsOn') || undefined,
      endsOn: text('endsOn') || undefined,
      maxRedemptions: number('maxRedemptions'),
    };
    setBusy(true);
    try {
      await createDiscount(body);
      form.reset();
      setError(null);
      onCreated();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card admin-discount-form" onSubmit={(e) => void submit(e)} aria-labelledby="new-discount-title">
      <h2 id="new-discount-title">New code</h2>
      <label>
        Code
        <input name="code" required minLength={3} maxLength={32} pattern="[A-Za-z0-9-]+" autoComplete="off" />
      </label>
      <label>
        Kind
        <select name="kind" defaultValue="percent">
          <option value="percent">Percent off</option>
          <option value="amount">Amount off (USD)</option>
        </select>
      </label>
      <label>
        Value
        <input name="value" type="number" required min={0.01} step={0.01} inputMode="decimal" />
      </label>
      <label>
        Minimum subtotal (USD, optional)
        <input name="minSubtotal" type="number" min={0.01} step={0.01} inputMode="decimal" />
      </label>
      <label>
        Starts (optional)
        <input name="startsOn" type="date" />
      </label>
      <label>
        Ends after (optional)
        <input name="endsOn" type="date" />
      </label>
      <p className="fine-print">
        Dates are days on the studio&rsquo;s calendar: a code runs to the end of its last day.
      </p>
      <label>
        Redemption limit (optional)
        <input name="maxRedemptions" type="number" min={1} step={1} inputMode="numeric" />
      </label>
      <p className="callout callout--error" role="alert" hidden={!error} data-testid="discount-form-error">
        {error}
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        Create code
      </button>
    </form>
  );
}

/** Turns a code off or on; a refusal (Stripe unreachable, say) is said beside the button. */
function DiscountSwitch({ discount, onSwitched }: { discount: AdminDiscount; onSwitched: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await setDiscountActive(discount.id, !discount.active);
      setError(null);
      onSwitched();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <button type="button" className="button button--small" disabled={busy} onClick={() => void toggle()}>
        {discount.active ? 'Switch off' : 'Switch on'}
        <span className="visually-hidden"> {discount.code}</span>
      </button>
      {error && (
        <p className="callout callout--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Clients locked out again and again for wrong codes: someone is likely guessing the studio's codes. */
function GuessAlerts({ alerts }: { alerts: DiscountGuessAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <section
      className="callout callout--error"
      aria-labelledby="guess-alerts-title"
      data-testid="discount-guess-alerts"
    >
      <h2 id="guess-alerts-title">Codes are being guessed</h2>
      <p>
        These addresses were locked out again and again for trying codes that do not exist. If a code is being shared
        where it should not be, switch it off and make a new one.
      </p>
      <ul>
        {alerts.map((alert) => (
          <li key={`${alert.client}-${alert.at}`}>
            <code>{alert.client}</code>: locked out {alert.lockouts} times in a day (last{' '}
            {new Date(alert.at).toLocaleString()})
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdminDiscountsPage() {
  const discounts = useDiscounts();
  const codes = discounts.data?.discounts;
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: discountsQuery().queryKey });

  return (
    <div className="container page admin-discounts">
      <p>
        A code is refused whenever it would take a cart&apos;s items below Printful&apos;s cost plus the store&apos;s
        minimum margin.
      </p>
      <GuessAlerts alerts={discounts.data?.guessAlerts ?? []} />
      <CreateDiscountForm onCreated={refresh} />
      <section aria-labelledby="discounts-title">
        <h2 id="discounts-title">Codes</h2>
        {discounts.isPending && <p>Loading codes...</p>}
        {discounts.error && <p className="callout callout--error">{discounts.error.message}</p>}
        {codes?.length === 0 && <p>No codes yet.</p>}
        <ul className="admin-discount-list">
          {codes?.map((discount) => (
            <li key={discount.id} className="card admin-discount" data-testid="admin-discount">
              <div>
                <h3>
                  <code>{discount.code}</code> {discount.active ? '' : <span className="order-badge">off</span>}
                </h3>
                <p>{describe(discount)}</p>
                <p data-testid="admin-discount-redemptions">
                  {discount.redemptions}
                  {discount.maxRedemptions !== null ? ` of ${discount.maxRedemptions}` : ''} redeemed
                </p>
              </div>
              <DiscountSwitch discount={discount} onSwitched={refresh} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
