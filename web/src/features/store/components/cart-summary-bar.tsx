import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/catalog/format-price';
import { cartMoney } from '../../../lib/cart/cart-money';
import { useCart } from '../../../lib/cart/use-cart';
import '../store-feedback.css';

/**
 * The cart's count and total, stuck to the bottom of the screen while the shopper browses, so it
 * is in view on a phone without scrolling past every product.
 */
export function CartSummaryBar({ totalItems, totalPrice }: { totalItems: number; totalPrice: number }) {
  // In the currency the server priced the cart in, as the cart page shows it (docs/rules.md#local-prices).
  const money = cartMoney(useCart());
  if (totalItems === 0) return null;
  const total =
    money.currency === 'USD' ? formatPrice(totalPrice) : money.complete ? money.format(money.subtotal) : '…';
  return (
    <aside className="cart-summary-bar" aria-label="Your cart">
      <p className="cart-summary-bar__text" data-testid="mini-cart-count">
        <span>
          {totalItems} {totalItems === 1 ? 'item' : 'items'}
        </span>
        <span className="cart-summary-bar__total">{total}</span>
      </p>
      <Link to="/store/cart" className="button button--primary button--small">
        View cart
      </Link>
    </aside>
  );
}
