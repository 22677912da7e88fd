import { useEffect, useRef, useState } from 'react';
import { subdivisionsOf } from '@shop/shared/schemas';
import { appliedDiscount } from '../../../lib/cart/cart-state';
import { useCart } from '../../../lib/cart/use-cart';
import { cartMoney } from '../../../lib/cart/cart-money';
import { useCartShippingRates } from '../api/get-shipping-rates';
import { useShippingDestination } from '../shipping-destination';
import { countryName } from '@shop/shared/domain/address';
import { ShippingDestinationForm } from './shipping-destination-form';
import { ShippingOptions, type ShippingChoice } from './shipping-options';
import '../shipping.css';

// "Where to?" on the cart and checkout pages: the destination (asked once a visit), then what
// shipping costs there for this cart and the total with it. Checkout passes `choice`: there the
// options are a radio group and the total is the one with the option picked.

function stateName(country: string, state: string | undefined): string | undefined {
  return state && (subdivisionsOf(country).find((s) => s.code === state)?.name ?? state);
}

export function ShippingEstimate({ choice }: { choice?: ShippingChoice } = {}) {
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
  const rates = useCartShippingRates();
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
            <ShippingOptions quote={rates.data} itemsTotal={itemsTotal} choice={choice} />
          ) : (
            <p className="fine-print">Finding shipping options...</p>
          ))}
      </div>
    </section>
  );
}
