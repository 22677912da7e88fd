import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CART_LINE_QUANTITY_MAX, CART_QUANTITY_MIN, MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { formatPrice, formatProductPrice, productCurrency } from '../../../lib/catalog/format-price';
import {
  colorOptions,
  findVariant,
  selectSize,
  sizeOptions,
  type VariantSelection,
} from '../../../lib/catalog/variant-options';
import { swatchColour } from '../../../lib/catalog/variant-images';
import { FORM_ACTIONS } from '@shop/shared/pages';
import { useCartStore } from '../../../lib/cart/use-cart';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useBuyBar } from '../product/use-buy-bar';
import { choiceBeforeApp } from '../product/choice-before-app';
import '../product-detail.css';
import '../store-feedback.css';

/** `at: 'size'`: shown in the size group itself, next to what it asks for. */
type Message = { kind: 'error' | 'success'; text: string; at?: 'size' };

/** How long the added-to-cart notice stays; it can also be closed at once. */
const TOAST_MS = 6000;
/** Space kept between a control the toast would cover and the toast. */
const TOAST_CLEARANCE_PX = 8;

function OptionGroup({
  legend,
  name,
  options,
  value,
  onChange,
  swatches = false,
  required = false,
  error,
}: {
  legend: string;
  name: string;
  options: string[];
  value: string;
  onChange: (v: string) => void;
  swatches?: boolean;
  /** The browser itself asks for a choice before the form is sent (before the app has loaded). */
  required?: boolean;
  /** Why the choice is needed, shown under the options. */
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="option-group" aria-describedby={error ? errorId : undefined}>
      <legend>
        {legend}
        {swatches && (
          <span className="option-group__value" aria-hidden="true">
            : {value}
          </span>
        )}
      </legend>
      <div className="option-list">
        {options.map((option) => (
          <label key={option} className={swatches ? 'option option--swatch' : 'option'}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              required={required}
              onChange={() => onChange(option)}
            />
            {swatches ? (
              <span title={option}>
                <span className="swatch" style={{ background: swatchColour(option) }} aria-hidden="true" />
                <span className="visually-hidden">{option}</span>
              </span>
            ) : (
              <span>{option}</span>
            )}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="form-message form-message--error" role="alert" data-testid="add-to-cart-message">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Size, colour and quantity, then add to cart. Only combinations that exist are offered; the
 * cart's rules check the rest and their message (docs/contracts.md#errors) is shown as it is.
 */
export interface AddToCartFormProps {
  product: StorefrontProduct;
  /** The chosen size and colour; the page owns it so the gallery can follow the colour. */
  selection: VariantSelection | null;
  onSelectionChange: (selection: VariantSelection) => void;
}

/**
 * On a phone the toast lies over the bottom of the window, where the button just pressed may be:
 * focus must never sit behind a layer (journey 3), so the page moves up just enough to show it.
 */
function keepFocusAbove(toast: HTMLElement | null): void {
  const focused = document.activeElement;
  if (!toast || !(focused instanceof HTMLElement) || toast.contains(focused)) return;
  const layer = toast.getBoundingClientRect();
  const control = focused.getBoundingClientRect();
  const besideIt = control.right <= layer.left || control.left >= layer.right;
  const hidden = control.bottom - layer.top;
  if (!besideIt && hidden > 0) window.scrollBy({ top: hidden + TOAST_CLEARANCE_PX, behavior: 'instant' });
}

export function AddToCartForm({ product, selection, onSelectionChange: setSelection }: AddToCartFormProps) {
  const cart = useCartStore();
  const [quantity, setQuantity] = useState(String(CART_QUANTITY_MIN));
  const [message, setMessage] = useState<Message | null>(null);
  // Apparel starts with no size chosen: a wrong size cannot be returned (docs/rules.md#what-a-merch-shopper-expects).
  const [sizeChosen, setSizeChosen] = useState(
    () => product.category !== 'clothing' || sizeOptions(product.variants).length <= 1,
  );
  const quantityId = useId();
  const hydrated = useHydrated();
  // Read while hydrating (the server's form still shows what was tapped), applied once committed.
  const [early] = useState(() => (hydrated ? null : choiceBeforeApp(product.id)));
  // The server's form is the outside system synchronised here: its state becomes the app's, once.
  /* eslint-disable react-hooks/set-state-in-effect */
  useLayoutEffect(() => {
    if (!early || !selection) return;
    const sizes = sizeOptions(product.variants);
    let next = selection;
    if (early.size && sizes.includes(early.size)) {
      setSizeChosen(true);
      next = selectSize(product.variants, selection, early.size);
    }
    if (early.color && colorOptions(product.variants, next.size).includes(early.color))
      next = { ...next, color: early.color };
    if (next.size !== selection.size || next.color !== selection.color) setSelection(next);
    if (early.quantity) setQuantity(early.quantity);
    // Once, at the takeover: later changes are the app's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [early]);
  /* eslint-enable react-hooks/set-state-in-effect */
  const variant = selection ? findVariant(product.variants, selection.size, selection.color) : undefined;
  const buttonSlot = useRef<HTMLDivElement>(null);
  const docked = useBuyBar(buttonSlot);

  const toastRegion = useRef<HTMLDivElement>(null);
  /** The size group to bring into view once its reason is shown (a refused tap on the bar). */
  const revealSizes = useRef<HTMLElement | null>(null);

  // The success notice is a toast in view; it leaves by itself. Errors stay beside the button.
  useEffect(() => {
    if (message?.kind !== 'success') return;
    keepFocusAbove(toastRegion.current);
    const timer = setTimeout(() => setMessage(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message]);

  // Scrolled once the reason is in the group: scrolling first, the browser's scroll anchoring
  // moves the page again by the reason's height as it appears, and the sizes end under the header.
  useEffect(() => {
    const group = revealSizes.current;
    if (message?.at !== 'size' || !group) return;
    revealSizes.current = null;
    group.scrollIntoView({ block: 'start' });
  }, [message]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const count = Number(quantity);
    // From the phone's buy bar, an error is shown where the form is: take the shopper there.
    const fromBar = docked;
    if (!sizeChosen) {
      setMessage({ kind: 'error', text: MESSAGES.sizeRequired, at: 'size' });
      if (fromBar) {
        // The sizes at the top of the view, under the header (scroll-padding), with the reason
        // under them: on a small phone the group, the colours and the button do not all fit.
        const size = e.currentTarget.querySelector<HTMLInputElement>('input[name="size"]');
        size?.focus({ preventScroll: true });
        revealSizes.current = size?.closest('fieldset') ?? null;
      }
      return;
    }
    try {
      cart.addQuantity(product, { size: selection?.size, color: selection?.color, quantity: count });
      const what = selection ? `${product.title} (${selection.size}, ${selection.color})` : product.title;
      setMessage({ kind: 'success', text: `Added ${count} x ${what} to your cart.` });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
      if (fromBar) buttonSlot.current?.scrollIntoView({ block: 'center' });
    }
  };

  return (
    // A plain form until the app has loaded: a tap then posts it (POST /store/cart/add answers 303
    // to the cart, as Shopify's /cart/add does) and the browser asks for a missing size itself.
    // Once the app runs it adds in place and shows its own messages (noValidate).
    <form className="add-to-cart" method="post" action={FORM_ACTIONS.cartAdd} onSubmit={onSubmit} noValidate={hydrated}>
      <input type="hidden" name="productId" value={product.id} />
      <p className="product-info__price" data-testid="product-price">
        {sizeChosen
          ? formatPrice(variant?.price ?? product.price, productCurrency(product))
          : formatProductPrice(product)}
      </p>
      {selection && (
        <>
          <OptionGroup
            legend="Size"
            name="size"
            options={sizeOptions(product.variants)}
            value={sizeChosen ? selection.size : ''}
            required={!sizeChosen}
            error={message?.at === 'size' ? message.text : undefined}
            onChange={(size) => {
              setSizeChosen(true);
              if (message?.kind === 'error') setMessage(null);
              setSelection(selectSize(product.variants, selection, size));
            }}
          />
          <OptionGroup
            legend="Colour"
            name="color"
            options={colorOptions(product.variants, selection.size)}
            value={selection.color}
            onChange={(color) => setSelection({ ...selection, color })}
            swatches
          />
        </>
      )}
      <div className="field quantity-field">
        <label htmlFor={quantityId}>Quantity</label>
        <input
          id={quantityId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={CART_QUANTITY_MIN}
          max={CART_LINE_QUANTITY_MAX}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          aria-describedby={`${quantityId}-hint`}
        />
        <p id={`${quantityId}-hint`} className="field__hint">
          {CART_QUANTITY_MIN} to {CART_LINE_QUANTITY_MAX}, for a team too
        </p>
      </div>
      {/* One button: on a phone it docks at the bottom of the screen while its place is out of view. */}
      <div ref={buttonSlot} className="buy-slot">
        <div className={docked ? 'buy-bar' : undefined} data-testid={docked ? 'buy-bar' : undefined}>
          {docked && (
            <p className="buy-bar__text">
              <span className="buy-bar__title">{product.title}</span>
              <span>
                {sizeChosen
                  ? formatPrice(variant?.price ?? product.price, productCurrency(product))
                  : formatProductPrice(product)}
              </span>
            </p>
          )}
          <button type="submit" className="button button--primary button--large">
            Add to cart
          </button>
        </div>
      </div>
      <div
        ref={toastRegion}
        role="status"
        aria-live="polite"
        className={message?.kind === 'success' ? 'toast-region' : undefined}
      >
        {message && !message.at && (
          <p
            className={`form-message form-message--${message.kind}${message.kind === 'success' ? ' toast' : ''}`}
            data-testid="add-to-cart-message"
          >
            <span>{message.text}</span>{' '}
            {message.kind === 'success' && (
              <>
                <Link to="/store/cart" className="button button--primary button--small">
                  View cart
                </Link>
                <button type="button" className="toast__close" aria-label="Close" onClick={() => setMessage(null)}>
                  ×
                </button>
              </>
            )}
          </p>
        )}
      </div>
    </form>
  );
}
