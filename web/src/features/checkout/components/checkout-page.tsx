import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { usePublicConfig } from '../../../lib/public-config';
import { appliedDiscount } from '../../../lib/cart/cart-state';
import { useCart } from '../../../lib/cart/use-cart';
import { cartMoney } from '../../../lib/cart/cart-money';
import { createCheckoutSession } from '../api/create-checkout-session';
import { useCartShippingRates } from '../api/get-shipping-rates';
import { loadPaymentProvider, warnIfInsecure } from '../payment-provider';
import { useShippingDestination } from '../shipping-destination';
import { ShippingEstimate } from './shipping-estimate';
import '../checkout.css';
import { variantWords } from '@shop/shared/domain/product';

export const SANDBOX_NOTICE = 'Sandbox checkout — no real payment';

type Step = { kind: 'review' } | { kind: 'redirecting' } | { kind: 'failed'; message: string };

const goTo = (url: string) => window.location.assign(url);

/**
 * /checkout and /store/checkout: review, then the payment provider's hosted page. The discount
 * code field belongs to the cart, so the route passes it in rather than this feature reaching for it.
 */
export function CheckoutPage({
  redirect = goTo,
  discountCode,
}: {
  redirect?: (url: string) => void;
  discountCode?: ReactNode;
}) {
  const cart = useCart();
  const config = usePublicConfig();
  const [step, setStep] = useState<Step>({ kind: 'review' });
  const destination = useShippingDestination();
  const queryClient = useQueryClient();
  // The shipping option the shopper checked; the cheapest stands until they do, and whenever the
  // quote shown (another destination, a changed cart) no longer offers their pick.
  const [picked, setPicked] = useState<string | null>(null);
  const rates = useCartShippingRates();
  const pickedOption =
    rates.data && !rates.isPlaceholderData ? rates.data.options.find((o) => o.id === picked)?.id : undefined;
  const publishableKey = config.data?.stripe.publishableKey ?? null;

  useEffect(() => warnIfInsecure(), []);
  useEffect(() => {
    if (publishableKey)
      loadPaymentProvider(publishableKey).catch((e: Error) => console.warn(`Payment provider script: ${e.message}`));
  }, [publishableKey]);

  const pay = async () => {
    if (!destination) return;
    setStep({ kind: 'redirecting' });
    try {
      // The session is built from the server's cart, so the last changes must be there first.
      await cart.store.flush();
      const syncError = cart.store.getState().error;
      if (syncError) throw new Error(syncError);
      const session = await createCheckoutSession(destination, pickedOption);
      redirect(session.url);
    } catch (e) {
      // The server's quote no longer has the pick (it changed since this page's): show the new one.
      if (isApiError(e) && e.fields.shippingOption) {
        setPicked(null);
        void queryClient.invalidateQueries({ queryKey: ['cart', 'shipping-rates'] });
      }
      setStep({ kind: 'failed', message: (e as Error).message });
    }
  };

  if (cart.loading && cart.items.length === 0) return <LoadingScreen />;
  if (cart.items.length === 0) {
    return (
      <div className="container page">
        <div className="callout">
          <p>Your cart is empty, so there is nothing to pay for yet.</p>
          <Link to="/store" className="button button--primary">
            Browse the store
          </Link>
        </div>
      </div>
    );
  }
  const unavailable = cart.items.some((line) => line.unavailable);
  const discount = appliedDiscount(cart.discount);
  // docs/rules.md#local-prices: the currency the payment page will charge in, as the cart showed it.
  const money = cartMoney(cart);
  const itemsTotal = money.currency === 'USD' ? cart.totalPrice : money.subtotal;
  // A code that no longer applies would be refused when the session is made: say so before.
  const refusedCode = cart.discount?.refusal ? cart.discount.code : null;

  return (
    <div className="container page">
      <div className="page-layout checkout-layout">
        <section aria-labelledby="order-summary-title">
          <h2 id="order-summary-title">Order summary</h2>
          <ul className="checkout-lines">
            {cart.items.map((line) => (
              <li key={line.id}>
                <span>
                  {line.quantity} x {line.name}
                  <span className="checkout-lines__meta">
                    {variantWords(line)}
                    {line.unavailable ? ' · no longer available' : ''}
                  </span>
                </span>
                <span>{money.unit(line) !== null && money.format((money.unit(line) ?? 0) * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className="checkout-total">
            <span>Items</span>
            <span data-testid="checkout-total">{money.complete ? money.format(itemsTotal) : '…'}</span>
          </p>
          {discount && (
            <p className="checkout-total">
              <span>Discount ({discount.code})</span>
              <span data-testid="checkout-discount">−{money.format(discount.amountOff)}</span>
            </p>
          )}
          {discountCode}
          <ShippingEstimate choice={{ selected: picked, onChoose: setPicked }} />
          <Link to="/store/cart">Change the cart</Link>
        </section>
        <section className="payment-panel" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          {config.data?.stripe.sandbox && (
            <p className="sandbox-note" data-testid="sandbox-notice">
              {SANDBOX_NOTICE}
            </p>
          )}
          <p>You will pay on the payment provider's secure page, then come back here for your confirmation.</p>
          {unavailable ? (
            <p className="payment-panel__error" role="alert">
              Some items are no longer available. <Link to="/store/cart">Remove them from the cart</Link> to continue.
            </p>
          ) : refusedCode ? (
            <p className="payment-panel__error" data-testid="discount-blocks-payment">
              The code {refusedCode} no longer applies to this order. Remove it in the order summary to continue.
            </p>
          ) : !destination ? (
            <p className="payment-panel__error" data-testid="destination-needed">
              Choose where to ship in the order summary to continue.
            </p>
          ) : (
            <button
              type="button"
              className="payment-panel__button"
              onClick={() => void pay()}
              disabled={step.kind === 'redirecting'}
            >
              {step.kind === 'redirecting' ? 'Opening the payment page...' : 'Continue to payment'}
            </button>
          )}
          <div role="status" aria-live="polite">
            {step.kind === 'failed' && (
              <p className="payment-panel__error">The payment page could not be opened: {step.message}</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
