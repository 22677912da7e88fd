import { isSameLine } from '@shop/shared/domain/cart';
import type { CartStateStore } from './cart-state-store';
import type { CartSync } from './cart-sync';

// Identity switches: whose cart the page shows and requests address. Before every request it
// waits until it is known who is shopping (a session may be being restored), so no request goes
// out under the wrong identity. When the owner changed since this cart was last read: a guest cart
// becoming a user's (sign-in, or a session restored in a browser holding a guest cart) is merged
// into the user's cart; any other change (signed out elsewhere, say) leaves the previous owner's
// cart behind.

export interface CartIdentity {
  /** Resolves once it is known whether someone is signed in, so requests carry the right identity. */
  ready(): Promise<void>;
  /** Whose cart requests address now. */
  owner(): string;
}

const isUserOwner = (owner: string) => owner.startsWith('user:');

export class CartOwner {
  /** Set by sign-in: the next request merges the guest cart first, even if this page shows none of it. */
  private mergeRequested = false;

  constructor(
    private readonly identity: CartIdentity,
    private readonly state: CartStateStore,
    private readonly sync: () => CartSync,
  ) {}

  ready(): Promise<void> {
    return this.identity.ready();
  }

  /** After sign-in: the next request merges the guest cart into the user's. */
  requestMerge(): void {
    this.mergeRequested = true;
  }

  async settle(): Promise<void> {
    await this.identity.ready();
    const owner = this.identity.owner();
    const from = this.state.owner;
    const guestToUser = isUserOwner(owner) && (from === null || !isUserOwner(from));
    if (this.mergeRequested || (guestToUser && this.state.getState().items.length > 0)) {
      this.mergeRequested = false;
      await this.merge(owner);
      return;
    }
    if (from === owner) return;
    this.state.owner = owner;
    if (from !== null && !guestToUser) {
      // Another identity's cart is not this shopper's.
      const sync = this.sync();
      this.state.unsynced = false;
      sync.forget();
      sync.dispatch({ type: 'clear' });
      sync.persist();
    }
  }

  private async merge(owner: string): Promise<void> {
    const sync = this.sync();
    const local = this.state.unsynced ? this.state.getState().items : [];
    const merged = await sync.request(() => sync.api.merge());
    this.state.owner = owner;
    // Lines the guest added but never saved are not in the server's guest cart: keep them, to send.
    const unsaved = local.filter((line) => !merged.cart.cartItems.some((m) => isSameLine(m, line)));
    sync.adopt(merged);
    // What a merge could not fit (the caps) is told to the shopper.
    sync.dispatch({ type: 'setDropped', dropped: merged.dropped });
    if (unsaved.length > 0) {
      this.state.unsynced = true;
      sync.dispatch({ type: 'replace', items: [...merged.cart.cartItems, ...unsaved] });
      sync.persist();
      sync.scheduleSave(0);
    }
  }
}
