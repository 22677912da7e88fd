import { useId, useState, type FormEvent } from 'react';
import { countryName } from '@shop/shared/domain/address';
import {
  orderChangeAddressSchema,
  type OrderChange as OrderChangeRequest,
  type ShopperAddress,
} from '@shop/shared/schemas';

// The delivery address corrected within the same country and state, within the grace period
// (order-change.tsx holds the section and sends the change).

type AddressField = 'address1' | 'address2' | 'city' | 'zip';
const ADDRESS_LABELS: Record<AddressField, string> = {
  address1: 'Street address',
  address2: 'Apartment, suite, etc. (optional)',
  city: 'City',
  zip: 'Postcode',
};
// The schema's field names for the messages it gives: which input each belongs to.
const ADDRESS_FIELDS: AddressField[] = ['address1', 'address2', 'city', 'zip'];

export function AddressChange({
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
