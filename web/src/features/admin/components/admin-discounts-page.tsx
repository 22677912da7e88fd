import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatStudioDate } from '@shop/shared/domain/time';
import {
  createDiscountBodySchema,
  type AdminDiscount,
  type CreateDiscountBody,
  type DiscountGuessAlert,
} from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-error';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useStudioTime, useStudioTimeZone } from '../../../lib/studio-time';
import { createDiscount, discountsQuery, setDiscountActive, useDiscounts } from '../api/discounts-api';
import '../admin.css';
import '../admin-discounts.css';

// /admin/discounts (docs/rules.md#what-a-merch-shopper-expects): every code with its redemptions (paid orders), a form to make
// one, and a switch to turn one off. The form checks every field with the API's own schema and
// names a wrong one beside it in words; a refusal from the API is shown beside its field too.
// Dates are days in the studio's time zone.

type Field = 'code' | 'kind' | 'value' | 'minSubtotal' | 'startsOn' | 'endsOn' | 'maxRedemptions';
const FIELDS: readonly Field[] = ['code', 'kind', 'value', 'minSubtotal', 'startsOn', 'endsOn', 'maxRedemptions'];
/** The API names a moment's field (startsAt) where the form asks for its day (startsOn). */
const FORM_FIELD: Record<string, Field> = { startsAt: 'startsOn', endsAt: 'endsOn' };

/** "Dec 31, 2026": a day of the studio's calendar (YYYY-MM-DD) as entered, whatever the browser's zone. */
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
type Problems = Partial<Record<Field, string>>;

function describe(discount: AdminDiscount, zone: string): string {
  const off = discount.kind === 'percent' ? `${discount.value}% off` : `${formatPrice(discount.value)} off`;
  const parts = [off];
  if (discount.minSubtotal !== null) parts.push(`from ${formatPrice(discount.minSubtotal)}`);
  if (discount.startsOn) parts.push(`starts ${formatDay(discount.startsOn)}`);
  else if (discount.startsAt) parts.push(`starts ${formatStudioDate(discount.startsAt, zone)}`);
  // A code ends at the studio's midnight after its last day: the day shown is that last day.
  if (discount.endsOn) parts.push(`ends after ${formatDay(discount.endsOn)}`);
  else if (discount.endsAt)
    parts.push(`ends after ${formatStudioDate(new Date(Date.parse(discount.endsAt) - 1).toISOString(), zone)}`);
  return parts.join(' · ');
}

/** Each field's first problem, from the browser's check or the API's answer. */
function problemsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const named = String(issue.path[0]);
    const field = (FORM_FIELD[named] ?? named) as Field;
    if (FIELDS.includes(field)) problems[field] ??= issue.message;
  }
  return problems;
}

function CreateDiscountForm({ onCreated }: { onCreated: () => void }) {
  const zone = useStudioTimeZone();
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const baseId = useId();
  const problemId = (field: Field) => `${baseId}-${field}-problem`;
  const fieldProps = (field: Field) => ({
    name: field,
    'aria-invalid': problems[field] ? (true as const) : undefined,
    'aria-describedby': problems[field] ? problemId(field) : undefined,
  });
  const problem = (field: Field) =>
    problems[field] ? (
      <span id={problemId(field)} className="form-message form-message--error">
        {problems[field]}
      </span>
    ) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const number = (name: string) => (text(name) ? Number(text(name)) : undefined);
    const input = {
      code: text('code'),
      kind: text('kind'),
      value: text('value') ? Number(text('value')) : undefined,
      minSubtotal: number('minSubtotal'),
      // Days as typed: the server reads them on the studio's calendar (the code runs to the end
      // of its last day there), so the browser's own zone plays no part.
      startsOn: text('startsOn') || undefined,
      endsOn: text('endsOn') || undefined,
      maxRedemptions: number('maxRedemptions'),
    };
    // The same check the API makes, so a wrong field is named beside it before anything is sent.
    const checked = createDiscountBodySchema.safeParse(input);
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues));
      setError(null);
      return;
    }
    setBusy(true);
    try {
      await createDiscount(input as CreateDiscountBody);
      form.reset();
      setError(null);
      setProblems({});
      onCreated();
    } catch (e) {
      const named = isApiError(e)
        ? problemsOf(Object.entries(e.fields).map(([path, message]) => ({ path: [path], message })))
        : {};
      setProblems(named);
      setError(Object.keys(named).length ? null : (e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card admin-discount-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="new-discount-title"
    >
      <h2 id="new-discount-title">New code</h2>
      <div className="admin-discount-field">
        <label>
          Code
          <input {...fieldProps('code')} required maxLength={32} autoComplete="off" />
        </label>
        {problem('code')}
      </div>
      <div className="admin-discount-field">
        <label>
          Kind
          <select {...fieldProps('kind')} defaultValue="percent">
            <option value="percent">Percent off</option>
            <option value="amount">Amount off (USD)</option>
          </select>
        </label>
        {problem('kind')}
      </div>
      <div className="admin-discount-field">
        <label>
          Value
          <input {...fieldProps('value')} type="number" required min={0.01} step={0.01} inputMode="decimal" />
        </label>
        {problem('value')}
      </div>
      <div className="admin-discount-field">
        <label>
          Minimum subtotal (USD, optional)
          <input {...fieldProps('minSubtotal')} type="number" min={0.01} step={0.01} inputMode="decimal" />
        </label>
        {problem('minSubtotal')}
      </div>
      <div className="admin-discount-field">
        <label>
          Starts (optional)
          <input {...fieldProps('startsOn')} type="date" />
        </label>
        {problem('startsOn')}
      </div>
      <div className="admin-discount-field">
        <label>
          Ends after (optional)
          <input {...fieldProps('endsOn')} type="date" />
        </label>
        {problem('endsOn')}
      </div>
      <div className="admin-discount-field">
        <label>
          Redemption limit (optional)
          <input {...fieldProps('maxRedemptions')} type="number" min={1} step={1} inputMode="numeric" />
        </label>
        {problem('maxRedemptions')}
      </div>
      <p className="admin-muted">Dates are days in the studio’s time zone ({zone.replace(/_/g, ' ')}).</p>
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

function GuessAlerts({ alerts }: { alerts: DiscountGuessAlert[] }) {
  const time = useStudioTime();
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
            <code>{alert.client}</code>: locked out {alert.lockouts} times in a day (last {time.dateTime(alert.at)})
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AdminDiscountsPage() {
  const discounts = useDiscounts();
  const codes = discounts.data?.discounts;
  const zone = useStudioTimeZone();
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
                <p>{describe(discount, zone)}</p>
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
