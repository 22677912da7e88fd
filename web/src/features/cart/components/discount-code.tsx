import { useId, useState, type FormEvent } from 'react';
import type { CartDiscount } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import type { CartMoney } from '../../../lib/cart/cart-money';
import { appliedDiscount } from '../../../lib/cart/cart-state';
import type { CartStore } from '../../../lib/cart/cart-store';
import { useCart } from '../../../lib/cart/use-cart';
import '../discount-code.css';

// The cart's discount code (docs/rules.md#what-a-merch-shopper-expects): a field to apply one, then the code with what it
// takes off and a way to remove it. The server judges every code; its refusal is shown as said,
// also for a code applied earlier that no longer applies to the cart as it is now.

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
    const refusal = discount.refusal;
    return (
      <div className="cart-discount" data-testid="cart-discount">
        <p>
          Code <strong data-testid="cart-discount-code">{discount.code}</strong>{' '}
          {refusal ? 'no longer applies' : 'applied'}
        </p>
        <button
          type="button"
          className="link-button"
          onClick={() => void store.removeDiscount()}
          data-testid="cart-discount-remove"
        >
          Remove<span className="visually-hidden"> code {discount.code}</span>
        </button>
        {/* Always present while a code is on the cart, so a change of verdict is announced. */}
        <p className="cart-discount__notice" role="status">
          {refusal && (
            <span className="cart-discount__flag">
              <span data-testid="cart-discount-refusal">{refusal.message}</span>. It takes nothing off; remove it to
              check out.
            </span>
          )}
        </p>
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
      <p id={errorId} className="cart-discount__flag" role="alert" data-testid="discount-code-error">
        {error ?? ''}
      </p>
    </form>
  );
}

/** The cart's code field for pages that compose the cart feature (checkout), on the shopper's cart. */
export function CartDiscountCode() {
  const cart = useCart();
  return <DiscountCode discount={cart.discount} store={cart.store} />;
}

/** The summary's rows for a discount that applies: the amount off and the new total of the items. */
export function discountRows(discount: CartDiscount | null, totalPrice: number, money?: Pick<CartMoney, 'format'>) {
  const applied = appliedDiscount(discount);
  if (!applied) return null;
  // In the cart's currency: the server judged the code on the lines priced in it.
  const format = money?.format ?? ((n: number) => formatPrice(n));
  return (
    <>
      <dt>Discount</dt>
      <dd data-testid="cart-discount-amount">−{format(applied.amountOff)}</dd>
      <dt className="cart-summary__total">Total after discount</dt>
      <dd className="cart-summary__total" data-testid="cart-discounted-total">
        {format(Math.max(0, Math.round((totalPrice - applied.amountOff) * 100) / 100))}
      </dd>
    </>
  );
}
