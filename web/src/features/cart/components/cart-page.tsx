import { useId, useLayoutEffect, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CART_LINE_QUANTITY_MAX, CART_MAX_LINES, MESSAGES, PLACEHOLDER_IMAGE } from '@shop/shared';
import { FORM_ACTIONS } from '@shop/shared/pages';
import type { CartResponse } from '@shop/shared/schemas';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { ProductPicture } from '../../../components/ui/product-picture';
import { cartMoney, type CartMoney } from '../../../lib/cart/cart-money';
import {
  appliedDiscount,
  emptyCartState,
  type CartLine,
  type CartState,
  type DroppedLine,
} from '../../../lib/cart/cart-state';
import { useRenderedCart } from '../../../lib/cart/rendered-cart';
import type { CartStore } from '../../../lib/cart/cart-store';
import { useCart } from '../../../lib/cart/use-cart';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useIsOffline } from '../../../hooks/use-online';
import { DiscountCode, discountRows } from './discount-code';
import '../cart.css';
import { variantWords } from '@shop/shared/domain/product';

// A line holds up to 100 (a team's shirts); each add on the product page stays 1 to 10.
const QUANTITIES = Array.from({ length: CART_LINE_QUANTITY_MAX }, (_, i) => i + 1);

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
 * Removes a line; its accessible name says which (the visible word alone would not). A submit
 * button of the line's form, so a tap before the app has loaded posts the removal; once the app
 * runs it removes the line at once instead.
 */
function RemoveButton({
  line,
  details,
  store,
  className,
  testId,
}: {
  line: CartLine;
  details: string;
  store: CartStore;
  className: string;
  testId?: string;
}) {
  return (
    <button
      type="submit"
      name="remove"
      value="1"
      className={className}
      data-testid={testId}
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        store.removeItem(line.id);
      }}
    >
      Remove
      <span className="visually-hidden">
        {' '}
        {line.name} ({details})
      </span>
    </button>
  );
}

/**
 * A line's controls are a plain form (POST /store/cart/update) so that they work from the first
 * paint: before the app has loaded, choosing a quantity sends the form (boot.js) and Remove posts
 * it; a browser without scripts gets an Update button. Once the app runs, it handles both itself.
 */
function LineForm({ line, store, children }: { line: CartLine; store: CartStore; children: ReactNode }) {
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const quantity = Number(new FormData(e.currentTarget).get('quantity'));
    if (Number.isInteger(quantity) && quantity !== line.quantity) store.setQuantity(line.id, quantity);
  };
  return (
    <form method="post" action={FORM_ACTIONS.cartUpdate} className="cart-line__form" onSubmit={onSubmit}>
      <input type="hidden" name="itemId" value={line.id} />
      {children}
    </form>
  );
}

function CartLineItem({ line, store, money }: { line: CartLine; store: CartStore; money: CartMoney }) {
  const quantityId = useId();
  const details = variantWords(line);
  const unit = money.unit(line);
  return (
    <li className={`cart-line${line.unavailable ? ' cart-line--unavailable' : ''}`} data-testid="cart-line">
      <ProductPicture
        className="cart-line__image"
        url={line.imageUrl || PLACEHOLDER_IMAGE}
        sizes={PICTURE_SIZES.cartLine}
        box={120}
        fallbackWidth={120}
        alt=""
      />
      <div className="cart-line__body">
        <h3 className="cart-line__name">
          <Link to={`/store/product/${encodeURIComponent(line.productId)}`}>{line.name}</Link>
        </h3>
        <p className="cart-line__meta">
          {details}
          {unit !== null && <> · {money.format(unit)} each</>}
        </p>
        {line.unavailable ? (
          <LineForm line={line} store={store}>
            <div className="cart-line__unavailable" role="note">
              <p className="cart-line__flag" data-testid="unavailable-flag">
                {line.unavailableReason ?? `${MESSAGES.productUnavailable}. Remove it to check out.`}
              </p>
              <RemoveButton
                line={line}
                details={details}
                store={store}
                className="button button--small"
                testId="remove-unavailable"
              />
            </div>
          </LineForm>
        ) : (
          <LineForm line={line} store={store}>
            <div className="cart-line__controls">
              <div className="cart-line__quantity">
                <label htmlFor={quantityId}>
                  Quantity
                  <span className="visually-hidden">
                    {' '}
                    of {line.name} ({details})
                  </span>
                </label>
                <select
                  id={quantityId}
                  name="quantity"
                  data-submit-on-change=""
                  value={line.quantity}
                  onChange={(e) => store.setQuantity(line.id, Number(e.target.value))}
                >
                  {QUANTITIES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <noscript>
                  <button type="submit" className="link-button">
                    Update
                  </button>
                </noscript>
              </div>
              <p className="cart-line__total">{unit !== null && money.format(unit * line.quantity)}</p>
              <RemoveButton line={line} details={details} store={store} className="link-button" />
            </div>
          </LineForm>
        )}
      </div>
    </li>
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
