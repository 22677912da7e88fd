import { Link } from 'react-router-dom';
import { formatPrice } from '../../catalog/format-price';

/** The cart's totals beside the catalogue, with the way to the cart. */
export function MiniCart({ totalItems, totalPrice }: { totalItems: number; totalPrice: number }) {
  return (
    <aside className="card mini-cart" aria-labelledby="mini-cart-title">
      <h2 id="mini-cart-title">Your cart</h2>
      {totalItems === 0 ? (
        <p>Your cart is empty. Pick a size and colour on any product to add it.</p>
      ) : (
        <>
          <p data-testid="mini-cart-count">
            {totalItems} {totalItems === 1 ? 'item' : 'items'}
          </p>
          <p className="mini-cart__total">
            <span>Total</span>
            <span>{formatPrice(totalPrice)}</span>
          </p>
          <Link to="/store/cart" className="button button--primary">
            View cart
          </Link>
        </>
      )}
    </aside>
  );
}
