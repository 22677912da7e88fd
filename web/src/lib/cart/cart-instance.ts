import { authSession } from '../auth/auth-session';
import { httpCartApi } from './cart-api';
import { appCartState } from './cart-state-store';
import { CartStore } from './cart-store';

// The page's one cart, bound to the real API, to the shopper's identity and to the state the header
// badge follows. Sign-in saves the guest's pending changes first and merges the guest cart after;
// sign-out returns to the guest cart.

let instance: CartStore | null = null;

export function appCartStore(): CartStore {
  if (!instance) {
    const store = new CartStore({ api: httpCartApi, identity: authSession, state: appCartState() });
    authSession.setIdentityHooks({
      beforeChange: () => store.flush(),
      afterChange: async (from, to) => {
        if (!from.startsWith('user:') && to.startsWith('user:')) await store.mergeGuestCart();
        else await store.load();
      },
    });
    instance = store;
  }
  return instance;
}
