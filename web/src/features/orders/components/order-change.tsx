import { useId, useState, type FormEvent } from 'react';
import { countryName } from '@shop/shared/domain/address';
import {
  orderChangeAddressSchema,
  type LineChoice,
  type OrderCancelBody,
  type OrderChange as OrderChangeRequest,
  type ShopperAddress,
  type ShopperOrder,
  type ShopperOrderItem,
  type ShopperSecondChance,
} from '@shop/shared/schemas';
import { isApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useChangeOrder } from '../api/change-order';

// Changing an order within the grace period (docs/after-payment.md#changing-an-order-within-the-grace-period),
// on the confirmation page and the order lookup: a line's size or colour swapped for another at
// the price paid, or the address corrected within the same country and state. The server decides;
// its sentence is shown as it is, and the page reads the order again after every answer. Loaded
// lazily (order-change-gate.tsx), only for an order that can still change.

export interface OrderChangeProps {
  /** The order as the page names it: its checkout session, or its number with the e-mail or the link's key. */
  target: OrderCancelBody;
  items: ReadonlyArray<Pick<ShopperOrderItem, 'name' | 'size' | 'color' | 'quantity' | 'unitPrice'>>;
  /** The currency the order was paid in, which `unitPrice` is in (docs/rules.md#local-prices). */
  currency?: string;
  secondChance?: ShopperSecondChance;
  address: ShopperAddress | null;
  /** After a change: the order as the answer gives it, or nothing when the page must read it again. */
  onChanged?: (order?: ShopperOrder) => void;
  /** The section's heading level: 3 inside an order card whose own heading is a level 2. */
  headingLevel?: 2 | 3;
}

type Notice = { kind: 'done' | 'refused'; text: string; where: string };

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'Too many tries in a short time. Please wait a minute and try again.';
    if (error.status >= 400 && error.status < 500) return error.message;
  }
  return 'Your change could not be sent just now; nothing has changed. Please try again in a moment.';
}

const choiceKey = (choice: Pick<LineChoice, 'size' | 'color'>) => `${choice.size}\u0000${choice.color}`;
const choiceWords = (choice: Pick<LineChoice, 'size' | 'color'>) =>
  [choice.size, choice.color].filter(Boolean).join(' / ');

function VariantChange({
  index,
  item,
  currency = 'USD',
  choices,
  busy,
  onSave,
}: {
  index: number;
  currency?: string;
  item: OrderChangeProps['items'][number];
  choices: LineChoice[];
  busy: boolean;
  onSave: (change: OrderChangeRequest) => void;
}) {
  const id = useId();
  const [picked, setPicked] = useState('');
  const [missing, setMissing] = useState(false);
  const selectable = choices.filter((c) => c.samePrice);
  if (choices.length === 0) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const choice = selectable.find((c) => choiceKey(c) === picked);
    if (!choice) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSave({ kind: 'variant', line: index, size: choice.size, color: choice.color });
  }

  return (
    <form className="order-change__line" noValidate onSubmit={submit} data-testid="order-change-line">
      <div className="field">
        <label htmlFor={`${id}-variant`}>
          Change size or colour: {item.name} <span className="order-change__now">(now {choiceWords(item)})</span>
        </label>
        <select
          id={`${id}-variant`}
          value={picked}
          onChange={(e) => setPicked(e.target.value)}
          aria-invalid={missing}
          aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ''}`}
        >
          <option value="">Choose a size or colour</option>
          {choices.map((choice) => (
            <option key={choiceKey(choice)} value={choiceKey(choice)} disabled={!choice.samePrice}>
              {choice.samePrice
                ? choiceWords(choice)
                : `${choiceWords(choice)}${currency === 'USD' ? `: ${formatPrice(choice.price, 'USD')}` : ''}, another price (not available as a change)`}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="field__hint">
          {selectable.length > 0
            ? `Only sizes and colours at the price you paid (${formatPrice(item.unitPrice, currency)}) can be swapped. For another price, cancel and order again.`
            : 'No other size or colour is sold at the price you paid. For another price, cancel and order again.'}
        </p>
        {missing && (
          <p id={`${id}-error`} className="field__error">
            Choose the size or colour you want instead.
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={busy || selectable.length === 0}>
        {busy ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

type AddressField = 'address1' | 'address2' | 'city' | 'zip';
const ADDRESS_LABELS: Record<AddressField, string> = {
  address1: 'Street address',
  address2: 'Apartment, suite, etc. (optional)',
  city: 'City',
  zip: 'Postcode',
};
// The schema's field names for the messages it gives: which input each belongs to.
const ADDRESS_FIELDS: AddressField[] = ['address1', 'address2', 'city', 'zip'];

function AddressChange({
  address,
  busy,
  onSave,
  Heading,
}: {
  address: ShopperAddress;
  busy: boolean;
  onSave: (change: OrderChangeRequest) => void;
  Heading: 'h3' | 'h4';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<AddressField, string>>({
    address1: address.address1,
    address2: address.address2 ?? '',
    city: address.city,
    zip: address.zip ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});

  if (!open) {
    return (
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        Correct the address
      </button>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = orderChangeAddressSchema.safeParse({
      name: address.name,
      stateCode: address.stateCode,
      countryCode: address.countryCode,
      ...values,
    });
    if (!parsed.success) {
      const found: Partial<Record<AddressField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as AddressField;
        if (ADDRESS_FIELDS.includes(field)) found[field] ??= issue.message;
      }
      setErrors(found);
      const first = ADDRESS_FIELDS.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    onSave({ kind: 'address', address: parsed.data });
  }

  const fixed = [address.stateCode, countryName(address.countryCode)].filter(Boolean).join(', ');
  return (
    <form className="order-change__address" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>Correct the address</Heading>
      {ADDRESS_FIELDS.map((field) => (
        <div className="field" key={field}>
          <label htmlFor={`${id}-${field}`}>{ADDRESS_LABELS[field]}</label>
          <input
            id={`${id}-${field}`}
            name={field}
            value={values[field]}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            autoComplete={
              field === 'zip'
                ? 'postal-code'
                : field === 'city'
                  ? 'address-level2'
                  : field === 'address1'
                    ? 'address-line1'
                    : 'address-line2'
            }
            required={field !== 'address2'}
            aria-invalid={Boolean(errors[field])}
            aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
          />
          {errors[field] && (
            <p id={`${id}-${field}-error`} className="field__error">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      <p className="order-change__fixed" data-testid="order-change-fixed">
        <strong>{fixed}</strong>: the country{address.stateCode ? ' and state stay' : ' stays'} as paid, because
        shipping and tax were worked out for {address.stateCode ? 'them' : 'it'}. To send the order elsewhere, cancel it
        and order again.
      </p>
      <div className="order-change__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save the address'}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
          Keep the address
        </button>
      </div>
    </form>
  );
}

export default function OrderChange({
  target,
  items,
  currency,
  secondChance,
  address,
  onChanged,
  headingLevel = 2,
}: OrderChangeProps) {
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  const change = useChangeOrder();
  const [notice, setNotice] = useState<Notice | null>(null);
  // Which form sent the change in flight: only its button says it is saving.
  const [sending, setSending] = useState<string | null>(null);
  const choices = secondChance?.lineChoices ?? [];

  function save(where: string, request: OrderChangeRequest) {
    setSending(where);
    setNotice(null);
    change.mutate(
      { order: target, basedOn: secondChance?.changes ?? 0, change: request },
      {
        onSuccess: (answer) => {
          setNotice({ kind: 'done', text: answer.message, where });
          onChanged?.(answer.order);
        },
        onError: (error) => {
          setNotice({ kind: 'refused', text: failureText(error), where });
          // Refused because the order moved on (changed elsewhere, gone to print): show it as it is.
          onChanged?.();
        },
        onSettled: () => setSending(null),
      },
    );
  }

  const refusal = (where: string) =>
    notice?.kind === 'refused' &&
    notice.where === where && (
      <div className="callout callout--error" role="alert" data-testid="order-change-error">
        <p>{notice.text}</p>
      </div>
    );

  return (
    <section className="order-change" aria-labelledby="order-change-title" data-testid="order-change">
      <Title id="order-change-title" className="order-change__title">
        Change your order
      </Title>
      <p>Until it goes to print you can swap a size or colour at the same price, or correct the address.</p>
      <div role="status" aria-live="polite" className="order-change__status">
        {notice?.kind === 'done' && (
          <div className="callout callout--success" data-testid="order-change-result">
            <p>{notice.text}</p>
          </div>
        )}
      </div>
      {items.map((item, index) => (
        // Keyed by the line's variant: once it changes, the line's form starts afresh.
        <div key={`${index}-${item.size}-${item.color}`}>
          <VariantChange
            index={index}
            item={item}
            currency={currency}
            choices={choices[index] ?? []}
            busy={sending === `line-${index}`}
            onSave={(request) => save(`line-${index}`, request)}
          />
          {refusal(`line-${index}`)}
        </div>
      ))}
      {address && (
        <>
          <AddressChange
            key={[address.address1, address.address2, address.city, address.zip].join('|')}
            address={address}
            busy={sending === 'address'}
            onSave={(request) => save('address', request)}
            Heading={headingLevel === 3 ? 'h4' : 'h3'}
          />
          {refusal('address')}
        </>
      )}
    </section>
  );
}
