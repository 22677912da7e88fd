import { Link } from 'react-router-dom';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import { variantWords } from '@shop/shared/domain/product';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { ProductPicture } from '../../components/ui/product-picture';
import { cartMoney } from '../../lib/cart/cart-money';
import type { CartState } from '../../lib/cart/cart-state';

// What the reminder's link brought back, as the cart shows it (picture, name, size and colour,
// quantity and price), so the shopper sees their cart before going on instead of a count of "lines".

export function RestoredLines({ cart }: { cart: Pick<CartState, 'items' | 'totalPrice' | 'currency'> }) {
  if (cart.items.length === 0) return null;
  // docs/rules.md#local-prices: in the currency the server priced the cart in, as the cart page shows it.
  const money = cartMoney(cart);
  const price = (amount: number | null) => (amount === null ? '…' : money.format(amount));
  const subtotal = money.currency === 'USD' ? cart.totalPrice : money.subtotal;
  return (
    <div className="cart-restore__cart">
      <ul className="cart-restore__lines" aria-label="Your cart">
        {cart.items.map((line) => (
          <li key={line.id} className="cart-restore__line" data-testid="cart-restore-line">
            <ProductPicture
              className="cart-restore__image"
              url={line.imageUrl || PLACEHOLDER_IMAGE}
              sizes={PICTURE_SIZES.cartLine}
              box={64}
              fallbackWidth={120}
              alt=""
            />
            <div>
              <p className="cart-restore__name">
                <Link to={`/store/product/${encodeURIComponent(line.productId)}`}>{line.name}</Link>
              </p>
              <p className="cart-restore__meta">
                {variantWords(line)} · {line.quantity} × {price(money.unit(line))}
              </p>
            </div>
            <p className="cart-restore__amount">
              {price(money.unit(line) === null ? null : money.unit(line)! * line.quantity)}
            </p>
          </li>
        ))}
      </ul>
      <p className="cart-restore__total" data-testid="cart-restore-total">
        <span>Subtotal</span> <strong>{money.complete ? money.format(subtotal) : '…'}</strong>
      </p>
    </div>
  );
}
