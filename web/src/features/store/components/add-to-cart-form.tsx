import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { formatPrice } from '../../catalog/format-price';
import { colorOptions, findVariant, initialSelection, selectSize, sizeOptions, type VariantSelection } from '../../catalog/variant-options';
import { useCartStore } from '../../cart/use-cart';

type Message = { kind: 'error' | 'success'; text: string };

function OptionGroup({ legend, name, options, value, onChange }: { legend: string; name: string; options: string[]; value: string; onChange: (v: string) => void }) {
  return (
    <fieldset className="option-group">
      <legend>{legend}</legend>
      <div className="option-list">
        {options.map((option) => (
          <label key={option} className="option">
            <input type="radio" name={name} value={option} checked={option === value} onChange={() => onChange(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Size, colour and quantity, then add to cart. Only combinations that exist are offered; the
 * cart's rules check the rest and their message (spec section 8) is shown as it is.
 */
export function AddToCartForm({ product }: { product: StorefrontProduct }) {
  const cart = useCartStore();
  const [selection, setSelection] = useState<VariantSelection | null>(() => initialSelection(product.variants));
  const [quantity, setQuantity] = useState(String(CART_QUANTITY_MIN));
  const [message, setMessage] = useState<Message | null>(null);
  const quantityId = useId();
  const groupName = useId();
  const variant = selection ? findVariant(product.variants, selection.size, selection.color) : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const count = Number(quantity);
    try {
      cart.addItem(product, { size: selection?.size, color: selection?.color, quantity: count });
      const what = selection ? `${product.title} (${selection.size}, ${selection.color})` : product.title;
      setMessage({ kind: 'success', text: `Added ${count} x ${what} to your cart.` });
    } catch (error) {
      setMessage({ kind: 'error', text: (error as Error).message });
    }
  };

  return (
    <form className="add-to-cart" onSubmit={onSubmit} noValidate>
      <p className="product-info__price" data-testid="product-price">
        {formatPrice(variant?.price ?? product.price)}
      </p>
      {selection && (
        <>
          <OptionGroup
            legend="Size"
            name={`${groupName}-size`}
            options={sizeOptions(product.variants)}
            value={selection.size}
            onChange={(size) => setSelection(selectSize(product.variants, selection, size))}
          />
          <OptionGroup
            legend="Colour"
            name={`${groupName}-color`}
            options={colorOptions(product.variants, selection.size)}
            value={selection.color}
            onChange={(color) => setSelection({ ...selection, color })}
          />
        </>
      )}
      <div className="field quantity-field">
        <label htmlFor={quantityId}>Quantity</label>
        <input
          id={quantityId}
          type="number"
          inputMode="numeric"
          min={CART_QUANTITY_MIN}
          max={CART_QUANTITY_MAX}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          aria-describedby={`${quantityId}-hint`}
        />
        <p id={`${quantityId}-hint`} className="field__hint">
          {CART_QUANTITY_MIN} to {CART_QUANTITY_MAX} at a time
        </p>
      </div>
      <div>
        <button type="submit" className="button button--primary button--large">
          Add to cart
        </button>
      </div>
      <div role="status" aria-live="polite">
        {message && (
          <p className={`form-message form-message--${message.kind}`} data-testid="add-to-cart-message">
            {message.text} {message.kind === 'success' && <Link to="/store/cart">View cart</Link>}
          </p>
        )}
      </div>
    </form>
  );
}
