import { useId, useState, type FormEvent } from 'react';
import type { CartDiscount } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import type { CartStore } from '../../../lib/cart/cart-store';

// The cart's discount code (DESIGN.md 13.2): a field to apply one, then the code with what it
// takes off and a way to remove it. The server judges every code; its refusal is shown as said.

export function DiscountCode({ discount, store }: { discount: CartDiscount | null; store: CartStore }) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    const refusal = await store.applyDiscount(code.trim());
    setBusy(false);
    setError(refusal);
    if (!refusal) setCode('');
  }

  if (discount) {
    return (
      <div className="cart-discount" data-testid="cart-discount">
        <p>
          Code <strong data-testid="cart-discount-code">{discount.code}</strong> applied
        </p>
        <button
          type="button"
          className="link-button"
          onClick={() => void store.removeDiscount()}
          data-testid="cart-discount-remove"
        >
          Remove<span className="visually-hidden"> code {discount.code}</span>
        </button>
      </div>
    );
  }

  return (
    <form className="cart-discount-form" onSubmit={(e) => void apply(e)} noValidate>
      <label htmlFor={inputId}>Discount code</label>
      <div className="cart-discount-form__row">
        <input
          id={inputId}
          name="discount-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="discount-code-input"
        />
        <button type="submit" className="button button--small" disabled={busy} data-testid="discount-code-apply">
          Apply
        </button>
      </div>
      <p id={errorId} className="cart-line__flag" role="alert" data-testid="discount-code-error">
        {error ?? ''}
      </p>
    </form>
  );
}

/** The summary's rows for a discount: the amount off and the new total of the items. */
export function discountRows(discount: CartDiscount | null, totalPrice: number) {
  if (!discount) return null;
  return (
    <>
      <dt>Discount</dt>
      <dd data-testid="cart-discount-amount">−{formatPrice(discount.amountOff)}</dd>
      <dt className="cart-summary__total">Total after discount</dt>
      <dd className="cart-summary__total" data-testid="cart-discounted-total">
        {formatPrice(Math.max(0, Math.round((totalPrice - discount.amountOff) * 100) / 100))}
      </dd>
    </>
  );
}
