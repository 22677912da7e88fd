import { createContext } from 'react';
import { STORAGE_KEYS } from '@shop/shared';
import { whenPageSettled } from '../when-page-settled';
import type { SavedCart } from './cart-persistence';
import { emptyCartState, withItems, type CartState } from './cart-state';

// The cart as this page shows it, and who is told when it changes: the header badge on every page,
// the cart screens through the cart store. This module is in every page's first script, so it
// stays small: the mirror's parser (zod) and the sync protocol load with the store and cart routes,
// or once a page without them has settled.

const readMirror = () => import('./cart-persistence').then((m) => m.readSavedCart());

export class CartStateStore {
  private state: CartState = emptyCartState;
  private readonly listeners = new Set<() => void>();
  /** Local changes the server has not confirmed yet. */
  unsynced = false;
  /** Whose cart this is (`user:<uid>` or a guest id); null until known. */
  owner: string | null = null;
  private restored = false;
  /** Set by the cart store once it syncs this state: told when another tab's cart is taken. */
  private syncer: { onOtherTab(): void } | null = null;

  getState = (): CartState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(state: CartState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  /** Starts from the cart saved in this browser, once per page (a later call keeps what is shown). */
  restore(saved: SavedCart | null): void {
    if (this.restored) return;
    this.restored = true;
    if (saved) this.take(saved);
  }

  /** The cart store syncing this state: from now on another tab's cart is taken only when nothing here is pending. */
  attach(syncer: { onOtherTab(): void }): void {
    this.syncer = syncer;
  }

  /** Follows the cart other tabs save (the storage event fires in every tab but the writer). */
  followOtherTabs(): () => void {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.cart || e.key === null) void readMirror().then((saved) => this.fromOtherTab(saved));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }

  private fromOtherTab(saved: SavedCart | null): void {
    this.restored = true;
    if (!this.syncer) {
      // Nothing is synced from this page: show the browser's cart as it is now.
      if (saved) this.take(saved);
      else this.set(withItems(this.state, []));
      return;
    }
    // A confirmed cart of the same shopper, while this tab has nothing of its own in flight; this
    // tab's own pending changes win, and reach the server's newer cart through the rebase.
    const idle = !this.unsynced && this.state.pendingRequests.size === 0;
    if (!saved || saved.unsynced || saved.owner !== this.owner || !idle) return;
    this.take(saved);
    this.syncer.onOtherTab();
  }

  private take(saved: SavedCart): void {
    this.unsynced = saved.unsynced;
    this.owner = saved.owner;
    // The lines' prices are in the currency they were priced in when saved.
    this.set({ ...withItems(this.state, saved.cartItems), currency: saved.currency });
  }
}

/** The cart state a test renders with; pages use the app's one (`appCartState`). */
export const CartStateContext = createContext<CartStateStore | null>(null);

let instance: CartStateStore | null = null;

/** The page's one cart state: the saved cart is read once the page has settled, unless the cart store read it first. */
export function appCartState(): CartStateStore {
  if (!instance) {
    const store = new CartStateStore();
    // The server render has no browser cart to show.
    if (typeof window !== 'undefined') {
      store.followOtherTabs();
      whenPageSettled(() => void readMirror().then((saved) => store.restore(saved)));
    }
    instance = store;
  }
  return instance;
}
