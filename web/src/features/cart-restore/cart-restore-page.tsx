import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { restoreCartResultSchema, type RestoreCartResult } from '@shop/shared/schemas';
import { ORDER_STATUS_PATH } from '@shop/shared/pages';
import { api } from '../../lib/api-client';
import type { CartStore } from '../../lib/cart/cart-store';
import { useCart } from '../../lib/cart/use-cart';
import { RestoredLines } from './restored-lines';
import './cart-restore.css';

// /store/cart/restore/:token (docs/recovery.md): the abandoned-checkout e-mail's link. The
// checkout's lines become this browser's cart again, at today's prices; what is no longer sold is
// named; then the shopper goes on to checkout as before. A cart paid since is not brought back:
// the page says it was paid, so nobody is invited to pay twice.

type State = { kind: 'working' } | { kind: 'done'; result: RestoreCartResult } | { kind: 'failed'; message: string };

async function restore(cart: CartStore, token: string): Promise<RestoreCartResult> {
  await cart.flush();
  const result = await api.post('/cart/restore', { body: { token }, schema: restoreCartResultSchema });
  await cart.load();
  return result;
}

export function CartRestorePage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'working' });
  const cart = useCart();
  const { store } = cart;
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    restore(store, token).then(
      (result) => setState({ kind: 'done', result }),
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : 'Your cart could not be restored',
        }),
    );
  }, [store, token]);

  if (state.kind === 'working') return <p className="container page">Bringing your cart back...</p>;
  if (state.kind === 'failed')
    return (
      <section className="container page" aria-labelledby="cart-restore-title">
        <h1 id="cart-restore-title">This link did not bring your cart back</h1>
        <div className="callout" role="alert">
          <p>{state.message}</p>
        </div>
        <p>
          <Link to="/store/cart">See your cart</Link> or <Link to="/store">visit the store</Link>.
        </p>
      </section>
    );
  const { result } = state;
  if (result.paidOrderNumber !== undefined)
    return (
      <section className="container page" aria-labelledby="cart-restore-title">
        <h1 id="cart-restore-title">This cart is already paid</h1>
        <div className="callout" role="status" data-testid="cart-restore-notice">
          <p>{result.notice}</p>
        </div>
        <p className="cart-restore__actions">
          <Link className="button button--primary" to={ORDER_STATUS_PATH}>
            Find your order
          </Link>
          <Link to="/store">Visit the store</Link>
        </p>
      </section>
    );
  return (
    <section className="container page" aria-labelledby="cart-restore-title">
      <h1 id="cart-restore-title">{result.restored > 0 ? 'Your cart is back' : 'Nothing to bring back'}</h1>
      {result.restored > 0 && (
        <>
          <p>Everything below is back in your cart, at today&apos;s prices.</p>
          <RestoredLines cart={cart} />
        </>
      )}
      {result.notice && (
        <div className="callout" role="status" data-testid="cart-restore-notice">
          <p>{result.notice}</p>
        </div>
      )}
      <p className="cart-restore__actions">
        {result.restored > 0 ? (
          <Link className="button button--primary" to="/store/checkout" data-testid="cart-restore-checkout">
            Continue to checkout
          </Link>
        ) : (
          <Link className="button button--primary" to="/store">
            Visit the store
          </Link>
        )}
        <Link to="/store/cart">See your cart</Link>
      </p>
    </section>
  );
}
