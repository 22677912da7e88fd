import { useLayoutEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CART_LINE_QUANTITY_MAX, CART_MAX_LINES, MESSAGES } from '@shop/shared';
import type { CartResponse } from '@shop/shared/schemas';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { cartMoney } from '../../../lib/cart/cart-money';
import { appliedDiscount, emptyCartState, type CartState, type DroppedLine } from '../../../lib/cart/cart-state';
import { useRenderedCart } from '../../../lib/cart/rendered-cart';
import type { CartStore } from '../../../lib/cart/cart-store';
import { useCart } from '../../../lib/cart/use-cart';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useIsOffline } from '../../../hooks/use-online';
import { DiscountCode, discountRows } from './discount-code';
import { CartLineItem } from './cart-line-item';
import '../cart.css';
import { variantWords } from '@shop/shared/domain/product';

/** After sign-in: what the merge with the user's cart left out, so nothing vanishes unexplained. */
function DroppedNotice({ dropped, store }: { dropped: DroppedLine[]; store: CartStore }) {
  return (
    <div className="callout" data-testid="cart-dropped">
      <p>{MESSAGES.mergeDropped(CART_LINE_QUANTITY_MAX, CART_MAX_LINES)}</p>
      <ul>
        {dropped.map((line) => (
          <li key={`${line.productId}|${line.size}|${line.color}`}>
            {line.quantity} x {line.name} ({variantWords(line)})
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={() => store.dismissDropped()}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * /store/cart: lines, quantities, totals; checkout is closed while a line is unavailable. The shipping
 * estimate belongs to checkout, so the route passes it in rather than this feature reaching for it.
 */
/** The cart as the server rendered it, in the shape the page shows. */
function renderedState(rendered: CartResponse): CartState {
  return {
    ...emptyCartState,
    items: rendered.cartItems,
    itemCount: rendered.itemCount,
    totalItems: rendered.totalItems,
    totalPrice: rendered.totalPrice,
    discount: rendered.discount ?? null,
    currency: rendered.currency,
  };
}

export function CartPage({ shippingEstimate }: { shippingEstimate?: ReactNode }) {
  const live = useCart();
  const offline = useIsOffline();
  // The page is pre-rendered without anyone's cart, or rendered by the server with the cart of the
  // guest whose cookie the request carried (changed by the page's forms before the app loaded).
  // Until hydration ends it shows what the server rendered, so nothing mismatches; the store then
  // adopts the rendered cart before the first paint, so the live cart shows the same lines.
  const hydrated = useHydrated();
  const rendered = useRenderedCart();
  const store = live.store;
  useLayoutEffect(() => {
    if (rendered) store.adoptRendered(rendered);
  }, [rendered, store]);
  const cart = hydrated || !rendered ? live : { ...renderedState(rendered), store };
  const unavailable = cart.items.filter((line) => line.unavailable).length;
  const saving = cart.pendingRequests.size > 0;
  // Offline, a sync cannot succeed and nothing is lost: the change waits on this device.
  const savedOffline = offline && cart.error === MESSAGES.cartSyncFailed;
  // docs/rules.md#local-prices: in the currency the server priced the cart in; dollars as stored otherwise.
  const money = cartMoney(cart);
  const itemsTotal = money.currency === 'USD' ? cart.totalPrice : money.subtotal;

  if ((!hydrated && !rendered) || (cart.loading && cart.items.length === 0)) return <LoadingScreen />;

  return (
    <div className="container page">
      <div role="alert">
        {cart.error && !savedOffline && (
          <p className="callout callout--error" data-testid="cart-error">
            {cart.error}
          </p>
        )}
      </div>
      {savedOffline && (
        <p className="callout" role="status" data-testid="cart-saved-offline">
          {MESSAGES.cartSavedOffline}
        </p>
      )}
      {cart.dropped.length > 0 && <DroppedNotice dropped={cart.dropped} store={cart.store} />}
      {cart.items.length === 0 ? (
        <div className="callout">
          <p>Your cart is empty.</p>
          <Link to="/store" className="button button--primary">
            Browse the store
          </Link>
        </div>
      ) : (
        <div className="page-layout">
          {/* On a phone the summary comes after the lines: the total and the way on are said first too. */}
          <p className="cart-quick" data-testid="cart-quick-total">
            <span>
              {cart.totalItems} {cart.totalItems === 1 ? 'item' : 'items'} ·{' '}
              <strong>{money.complete ? money.format(itemsTotal) : '…'}</strong>
            </span>
            {unavailable === 0 && (
              <Link to="/store/checkout" className="button button--primary button--small">
                Check out
              </Link>
            )}
          </p>
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">
              Items
            </h2>
            <ul className="cart-lines">
              {cart.items.map((line) => (
                <CartLineItem key={line.id} line={line} store={cart.store} money={money} />
              ))}
            </ul>
          </section>
          <aside className="card cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title">Summary</h2>
            <dl>
              <dt>Items</dt>
              <dd data-testid="cart-total-items">{cart.totalItems}</dd>
              <dt className="cart-summary__total">{appliedDiscount(cart.discount) ? 'Subtotal' : 'Total'}</dt>
              <dd className="cart-summary__total" data-testid="cart-total-price">
                {/* A line just added is priced by the server's answer: no partial total before it. */}
                {money.complete ? money.format(itemsTotal) : '…'}
              </dd>
              {discountRows(cart.discount, itemsTotal, money)}
            </dl>
            <DiscountCode discount={cart.discount} store={cart.store} />
            {shippingEstimate}
            {unavailable > 0 ? (
              <>
                <button
                  type="button"
                  className="button button--primary button--large"
                  disabled
                  aria-describedby="checkout-blocked"
                >
                  Checkout
                </button>
                <p id="checkout-blocked" className="cart-line__flag">
                  {unavailable === 1 ? 'One item is' : `${unavailable} items are`} no longer available. Remove{' '}
                  {unavailable === 1 ? 'it' : 'them'} to check out.
                </p>
              </>
            ) : (
              <Link to="/store/checkout" className="button button--primary button--large">
                Checkout
              </Link>
            )}
            <p className="sync-status" role="status" aria-live="polite">
              {saving ? 'Saving your cart...' : ''}
            </p>
          </aside>
        </div>
      )}
    </div>
  );
}
