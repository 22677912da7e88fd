import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminDiscount, CreateDiscountBody } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { createDiscount, discountsQuery, setDiscountActive, useDiscounts } from '../api/discounts-api';
import '../admin.css';

// /admin/discounts (docs/rules.md#what-a-merch-shopper-expects): every code with its redemptions (paid orders), a form to make
// one, and a switch to turn one off. The API checks every field; its refusal is shown as said.

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function describe(discount: AdminDiscount): string {
  const off = discount.kind === 'percent' ? `${discount.value}% off` : `${formatPrice(discount.value)} off`;
  const parts = [off];
  if (discount.minSubtotal !== null) parts.push(`from ${formatPrice(discount.minSubtotal)}`);
  if (discount.startsAt) parts.push(`starts ${dateFormat.format(new Date(discount.startsAt))}`);
  if (discount.endsAt) parts.push(`ends ${dateFormat.format(new Date(discount.endsAt))}`);
  return parts.join(' · ');
}

/** A date input's day as the start (00:00) or end (24:00) of that day in the admin's time zone. */
function dayToIso(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (end) date.setDate(date.getDate() + 1);
  return date.toISOString();
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
      startsAt: dayToIso(text('startsAt'), false),
      endsAt: dayToIso(text('endsAt'), true),
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
        <input name="startsAt" type="date" />
      </label>
      <label>
        Ends after (optional)
        <input name="endsAt" type="date" />
      </label>
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

export function AdminDiscountsPage() {
  const discounts = useDiscounts();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: discountsQuery().queryKey });

  return (
    <div className="container page admin-discounts">
      <p>
        A code is refused whenever it would take a cart&apos;s items below Printful&apos;s cost plus the store&apos;s
        minimum margin.
      </p>
      <CreateDiscountForm onCreated={refresh} />
      <section aria-labelledby="discounts-title">
        <h2 id="discounts-title">Codes</h2>
        {discounts.isPending && <p>Loading codes...</p>}
        {discounts.error && <p className="callout callout--error">{discounts.error.message}</p>}
        {discounts.data?.length === 0 && <p>No codes yet.</p>}
        <ul className="admin-discount-list">
          {discounts.data?.map((discount) => (
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
