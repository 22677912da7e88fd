import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SHIPPING_COUNTRIES } from '@shop/shared';
import { needsState, shippingDestinationSchema, subdivisionsOf, type ShippingDestination } from '@shop/shared/schemas';
import { saveShippingDestination } from '../shipping-destination';
import { countryName } from '@shop/shared/domain/address';

// Asks where the order ships: a country we ship to, a state or province where Printful needs one
// (US, CA, AU), and optionally a postal code (it prices express options). Checked with the same
// zod schema as the API, so the shopper sees the API's own message before asking it.

let sortedCountries: string[] | undefined;
const countries = () =>
  (sortedCountries ??= [...SHIPPING_COUNTRIES].sort((a, b) => countryName(a).localeCompare(countryName(b))));

export function ShippingDestinationForm({
  initial,
  onDone,
}: {
  initial: ShippingDestination | null;
  onDone?: () => void;
}) {
  const id = useId();
  const [country, setCountry] = useState(initial?.country ?? '');
  const [state, setState] = useState(initial?.state ?? '');
  const [zip, setZip] = useState(initial?.zip ?? '');
  const [error, setError] = useState<string | null>(null);
  const stateNeeded = needsState(country);
  const entered = () => shippingDestinationSchema.safeParse({ country, state: stateNeeded ? state : undefined, zip });

  // A shopper who chose a country (and state) in the cart and went on to checkout without pressing
  // the button meant it: a complete choice is kept when the form goes, so checkout does not ask
  // again. An incomplete one is dropped, as before.
  const latest = useRef(entered);
  useEffect(() => {
    latest.current = entered;
  });
  const kept = useRef(false);
  useEffect(
    () => () => {
      const parsed = latest.current();
      if (!kept.current && parsed.success) saveShippingDestination(parsed.data);
    },
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = entered();
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    kept.current = true;
    saveShippingDestination(parsed.data);
    onDone?.();
  };

  return (
    <form className="shipping-form" onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
      <div className="shipping-form__field">
        <label htmlFor={`${id}-country`}>Country</label>
        <select
          id={`${id}-country`}
          value={country}
          onChange={(e) => {
            setCountry(e.target.value);
            setState('');
          }}
          required
        >
          <option value="">Choose a country</option>
          {countries().map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
      </div>
      {stateNeeded && (
        <div className="shipping-form__field">
          <label htmlFor={`${id}-state`}>{country === 'CA' ? 'Province or territory' : 'State or territory'}</label>
          <select
            id={`${id}-state`}
            value={state}
            onChange={(e) => setState(e.target.value)}
            autoComplete="address-level1"
            required
          >
            <option value="">Choose one</option>
            {subdivisionsOf(country).map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="shipping-form__field">
        <label htmlFor={`${id}-zip`}>
          Postal code <span className="shipping-form__optional">(optional, shows express options)</span>
        </label>
        <input
          id={`${id}-zip`}
          value={zip}
          onChange={(e) => setZip(e.target.value)}
          autoComplete="postal-code"
          maxLength={12}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="shipping-form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--ghost">
        Show shipping options
      </button>
    </form>
  );
}
