import { useId, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CART_LINE_QUANTITY_MAX, MESSAGES, PLACEHOLDER_IMAGE } from '@shop/shared';
import { FORM_ACTIONS } from '@shop/shared/pages';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { variantWords } from '@shop/shared/domain/product';
import { ProductPicture } from '../../../components/ui/product-picture';
import type { CartMoney } from '../../../lib/cart/cart-money';
import type { CartLine } from '../../../lib/cart/cart-state';
import type { CartStore } from '../../../lib/cart/cart-store';

// One line of the cart page (cart-page.tsx holds the page): its picture, words, quantity and removal,
// each a form that works before the app has loaded.

// A line holds up to 100 (a team's shirts); each add on the product page stays 1 to 10.
const QUANTITIES = Array.from({ length: CART_LINE_QUANTITY_MAX }, (_, i) => i + 1);

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

export function CartLineItem({ line, store, money }: { line: CartLine; store: CartStore; money: CartMoney }) {
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
