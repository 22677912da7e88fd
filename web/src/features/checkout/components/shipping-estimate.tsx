import { useEffect, useRef, useState } from 'react';
import { subdivisionsOf } from '@shop/shared/schemas';
import { appliedDiscount } from '../../../lib/cart/cart-state';
import { useCart } from '../../../lib/cart/use-cart';
import { cartMoney } from '../../../lib/cart/cart-money';
import { useShippingRates } from '../api/get-shipping-rates';
import { useShippingDestination } from '../shipping-destination';
import { countryName } from '@shop/shared/domain/address';
import { ShippingDestinationForm } from './shipping-destination-form';
import { ShippingOptions } from './shipping-options';
import '../shipping.css';

// "Where to?" on the cart and checkout pages: the destination (asked once a visit), then what
// shipping costs there for this cart and the total with it.

function stateName(country: string, state: string | undefined): string | undefined {
  return state && (subdivisionsOf(country).find((s) => s.code === state)?.name ?? state);
}

export function ShippingEstimate() {
  const cart = useCart();
  const destination = useShippingDestination();
  const [editing, setEditing] = useState(false);
  // Set by "Show shipping options": the form the keyboard was in goes away, so focus moves to the
  // destination line that takes its place (not to the page), and the options are announced when
  // they arrive by the live region below, which is there before them.
  const [focusWhere, setFocusWhere] = useState(false);
  const where = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focusWhere || !where.current) return;
    where.current.focus();
    setFocusWhere(false);
  }, [focusWhere, editing, destination]);
  const available = cart.items.filter((line) => !line.unavailable);
  // The currency is part of it: a quote is in the currency the cart was priced in.
  const cartKey = `${cart.currency}:${available.map((line) => `${line.id}x${line.quantity}`).join(',')}`;
  // Quote the cart the server has: wait while local edits are still being saved.
  const saving = cart.pendingRequests.size > 0;
  const rates = useShippingRates(destination, cartKey, !saving);
  // What the payment will charge for the items: after the discount code, as Stripe applies it
  // (a code that no longer applies takes nothing off).
  // In the cart's currency (docs/rules.md#local-prices), as the quote's options are.
  const itemsTotal = cartMoney(cart).subtotal - (appliedDiscount(cart.discount)?.amountOff ?? 0);

  return (
    <section className="shipping-estimate" aria-labelledby="shipping-estimate-title" data-testid="shipping-estimate">
      <h3 id="shipping-estimate-title">Shipping</h3>
      {destination && !editing ? (
        <p className="shipping-estimate__where" ref={where} tabIndex={-1}>
          To{' '}
          <strong data-testid="shipping-destination">
            {[stateName(destination.country, destination.state), countryName(destination.country)]
              .filter(Boolean)
              .join(', ')}
          </strong>
          {destination.zip ? ` ${destination.zip}` : ''}{' '}
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Change
          </button>
        </p>
      ) : (
        <ShippingDestinationForm
          initial={destination}
          onDone={() => {
            setEditing(false);
            setFocusWhere(true);
          }}
        />
      )}
      <div role="status" aria-live="polite" data-testid="shipping-estimate-status">
        {destination &&
          !editing &&
          (rates.isError ? (
            <p className="shipping-form__error">Shipping options could not be loaded: {rates.error.message}</p>
          ) : rates.data ? (
            <ShippingOptions quote={rates.data} itemsTotal={itemsTotal} />
          ) : (
            <p className="fine-print">Finding shipping options...</p>
          ))}
      </div>
    </section>
  );
}
