import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/catalog/format-price';
import '../store-feedback.css';

/**
 * The cart's count and total, stuck to the bottom of the screen while the shopper browses, so it
 * is in view on a phone without scrolling past every product.
 */
export function CartSummaryBar({ totalItems, totalPrice }: { totalItems: number; totalPrice: number }) {
  if (totalItems === 0) return null;
  return (
    <aside className="cart-summary-bar" aria-label="Your cart">
      <p className="cart-summary-bar__text" data-testid="mini-cart-count">
        <span>
          {totalItems} {totalItems === 1 ? 'item' : 'items'}
        </span>
        <span className="cart-summary-bar__total">{formatPrice(totalPrice)}</span>
      </p>
      <Link to="/store/cart" className="button button--primary button--small">
        View cart
      </Link>
    </aside>
  );
}
