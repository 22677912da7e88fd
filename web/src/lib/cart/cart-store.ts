import { CART_SAVE_DEBOUNCE_MS, MESSAGES } from '@shop/shared';
import {
  assertValidProduct,
  assertValidQuantity,
  assertVariantHasCatalogId,
  buildCartItem,
  chooseVariant,
  isSameLine,
  type CartProduct,
} from '@shop/shared/domain/cart';
import type { CartResponse } from '@shop/shared/schemas';
import { isApiError } from '../api-client';
import type { CartAnswer, CartApi } from './cart-api';
import { logCartChecks } from './cart-debug';
import { rebaseCart } from './cart-rebase';
import { readSavedCart, saveCart } from './cart-persistence';
import { cartReducer, emptyCartState, withItems, type CartAction, type CartLine, type CartState } from './cart-state';
import { planCartSync, type CartOperation } from './cart-sync-plan';

// The one cart of every store page. Changes apply at once on the page (through the shared cart
// rules) and in local storage; 500 ms after the last change they are sent to the server as intent,
// and the server's answer (its prices, its line ids, unavailable flags) replaces the local cart.
// Requests run one at a time so the server sees changes in the order they were made.

/** How often one save re-reads and re-applies after another tab's change before giving up. */
const MAX_REBASES = 3;

const isUserOwner = (owner: string) => owner.startsWith('user:');

function isStaleCart(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.message === MESSAGES.staleRevision;
}

/** A change the server will never accept as sent (not a network or server failure). */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 409);
}

export interface CartIdentity {
  /** Resolves once it is known whether someone is signed in, so requests carry the right identity. */
  ready(): Promise<void>;
  /** Whose cart requests address now. */
  owner(): string;
}

export interface CartStoreOptions {
  api: CartApi;
  identity: CartIdentity;
  debounceMs?: number;
}

export interface AddToCartInput {
  size?: string | null;
  color?: string | null;
  quantity: number;
}

export class CartStore {
  private state: CartState;
  private readonly listeners = new Set<() => void>();
  private readonly api: CartApi;
  private readonly identity: CartIdentity;
  private readonly debounceMs: number;
  /** The cart as the server last answered it; null until read. */
  private server: CartLine[] | null = null;
  /** The revision of `server`, sent as If-Match with the next change. */
  private etag: string | null = null;
  /** Local changes not yet confirmed by the server. */
  private unsynced: boolean;
  private owner: string | null;
  /** Bumped by every local change: an answer to an older state must not overwrite a newer one. */
  private version = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private started: Promise<void> | null = null;
  /** Set by sign-in: the next request merges the guest cart first, even if this page shows none of it. */
  private mergeRequested = false;

  constructor(options: CartStoreOptions) {
    this.api = options.api;
    this.identity = options.identity;
    this.debounceMs = options.debounceMs ?? CART_SAVE_DEBOUNCE_MS;
    const saved = readSavedCart();
    this.state = saved ? withItems(emptyCartState, saved.cartItems) : emptyCartState;
    this.unsynced = saved?.unsynced ?? false;
    this.owner = saved?.owner ?? null;
  }

  getState = (): CartState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the server's cart once per page (later calls share the first). */
  start(): Promise<void> {
    this.started ??= this.load();
    return this.started;
  }

  /** Reads the cart of the current identity; unsynced local changes of the same owner are sent instead of dropped. */
  async load(): Promise<void> {
    await this.identity.ready();
    this.dispatch({ type: 'setLoading', loading: true });
    await this.enqueue(async () => {
      const cart = await this.request(() => this.api.get());
      if (this.unsynced) {
        this.server = cart.cart.cartItems;
        this.etag = cart.etag;
        this.scheduleSave(0);
      } else {
        this.adopt(cart.cart);
        this.etag = cart.etag;
      }
      this.dispatch({ type: 'setLoading', loading: false });
    });
  }

  /**
   * Adds a product variant (spec section 5 validation). On a failure the cart error is set and
   * the error is rethrown, as the spec says; the line is added otherwise.
   */
  addItem(product: CartProduct | null | undefined, { size, color, quantity }: AddToCartInput): void {
    try {
      assertValidProduct(product);
      assertValidQuantity(quantity);
      const variant = chooseVariant(product, { size, color });
      assertVariantHasCatalogId(variant);
      this.change({ type: 'add', item: buildCartItem(product, variant, { quantity }) });
    } catch (e) {
      this.dispatch({ type: 'setError', error: (e as Error).message });
      throw e;
    }
  }

  /** Zero or less removes the line; above the line cap (100) sets the error and throws. */
  setQuantity(itemId: string, quantity: number): void {
    try {
      this.change({ type: 'setQuantity', itemId, quantity });
    } catch (e) {
      this.dispatch({ type: 'setError', error: (e as Error).message });
      throw e;
    }
  }

  removeItem(itemId: string): void {
    this.change({ type: 'remove', itemId });
  }

  clear(): void {
    this.change({ type: 'clear' });
  }

  clearError(): void {
    this.dispatch({ type: 'setError', error: null });
  }

  /** The shopper has read what the sign-in merge left out. */
  dismissDropped(): void {
    this.dispatch({ type: 'setDropped', dropped: [] });
  }

  /** Sends any waiting change now and resolves when the server has answered (checkout, sign-in). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // Also changes an earlier page left unsent (it was closed within the 500 ms).
    if (this.unsynced) void this.save();
    await this.queue;
  }

  /**
   * Applies a discount code once every waiting change is saved, so the server judges the cart the
   * shopper sees. Resolves with the refusal's message, or null when the code was applied.
   */
  async applyDiscount(code: string): Promise<string | null> {
    await this.flush();
    const apply = this.api.applyDiscount;
    if (!apply) return null;
    try {
      const answer = await this.request(() => apply(code));
      this.adopt(answer.cart);
      this.etag = answer.etag;
      return null;
    } catch (e) {
      if (isApiError(e)) return e.message;
      throw e;
    }
  }

  async removeDiscount(): Promise<void> {
    const remove = this.api.removeDiscount;
    if (!remove) return;
    await this.enqueue(async () => {
      const answer = await this.request(() => remove());
      this.adopt(answer.cart);
      this.etag = answer.etag;
    });
  }

  /** After sign-in: the guest cart joins the user's; then the user's cart is read. */
  async mergeGuestCart(): Promise<void> {
    this.mergeRequested = true;
    await this.load();
  }

  private change(action: CartAction): void {
    this.dispatch(action);
    // A rejected earlier attempt no longer describes the cart.
    if (this.state.error) this.dispatch({ type: 'setError', error: null });
    this.version++;
    this.unsynced = true;
    this.persist();
    this.scheduleSave(this.debounceMs);
  }

  private scheduleSave(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, delayMs);
  }

  private save(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.unsynced) return;
      const sentVersion = this.version;
      if (this.server === null) this.remember(await this.request(() => this.api.get()));
      let answer: CartAnswer | null = null;
      for (let attempt = 0; ; attempt++) {
        try {
          for (const operation of planCartSync(this.server ?? [], this.state.items)) {
            answer = await this.request(() => this.send(operation));
            this.remember(answer);
          }
          break;
        } catch (e) {
          if (isStaleCart(e) && attempt < MAX_REBASES) {
            await this.rebase();
            continue;
          }
          if (isRefusal(e)) {
            await this.acceptRefusal(e as Error);
            return;
          }
          throw e;
        }
      }
      if (this.version !== sentVersion) return; // newer changes are already scheduled
      this.unsynced = false;
      if (answer) this.adopt(answer.cart);
      else this.persist();
      if (this.state.error === MESSAGES.cartSyncFailed) this.dispatch({ type: 'setError', error: null });
    });
  }

  /** Another tab changed the cart: read it again and re-apply this tab's changes on top. */
  private async rebase(): Promise<void> {
    const fresh = await this.request(() => this.api.get());
    const items = rebaseCart(this.server ?? [], this.state.items, fresh.cart.cartItems);
    this.remember(fresh);
    this.dispatch({ type: 'replace', items });
    this.persist();
  }

  /**
   * The server refused a change for good (a retired product, a line over the cap): the server's
   * cart stands and its reason is shown, so the rest of the cart (and checkout) is not held
   * back behind a sync that can never succeed.
   */
  private async acceptRefusal(error: Error): Promise<void> {
    const fresh = await this.request(() => this.api.get());
    this.adopt(fresh.cart);
    this.etag = fresh.etag;
    this.dispatch({ type: 'setError', error: error.message });
  }

  private remember(answer: CartAnswer): void {
    this.server = answer.cart.cartItems;
    this.etag = answer.etag;
  }

  private send(operation: CartOperation): Promise<CartAnswer> {
    switch (operation.kind) {
      case 'add':
        return this.api.add(operation.line, this.etag);
      case 'setQuantity':
        return this.api.setQuantity(operation.itemId, operation.quantity, this.etag);
      case 'remove':
        return this.api.remove(operation.itemId, this.etag);
      case 'clear':
        return this.api.clear(this.etag);
    }
  }

  /** The server's answer becomes the cart. */
  private adopt(cart: CartResponse): void {
    logCartChecks(this.state.items, cart.cartItems);
    this.server = cart.cartItems;
    this.unsynced = false;
    this.dispatch({ type: 'replace', items: cart.cartItems });
    this.dispatch({ type: 'setDiscount', discount: cart.discount ?? null });
    this.persist();
  }

  /** One request, tracked in the pending set while it runs. */
  private async request<T>(run: () => Promise<T>): Promise<T> {
    const requestId = globalThis.crypto.randomUUID();
    this.dispatch({ type: 'addPending', requestId });
    try {
      return await run();
    } finally {
      this.dispatch({ type: 'removePending', requestId });
    }
  }

  /** Runs after every earlier request; a failure is reported and does not block later ones. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue
      .then(() => this.settleIdentity())
      .then(task)
      .catch((e: unknown) => this.reportSyncError(e));
    this.queue = run;
    return run;
  }

  /**
   * Before every request: waits until it is known who is shopping (a session may be being
   * restored), so no request goes out under the wrong identity. When the owner changed since this
   * cart was last read: a guest cart becoming a user's (sign-in, or a session restored in a browser
   * holding a guest cart) is merged into the user's cart; any other change leaves the previous
   * owner's cart behind.
   */
  private async settleIdentity(): Promise<void> {
    await this.identity.ready();
    const owner = this.identity.owner();
    const from = this.owner;
    const guestToUser = isUserOwner(owner) && (from === null || !isUserOwner(from));
    if (this.mergeRequested || (guestToUser && this.state.items.length > 0)) {
      this.mergeRequested = false;
      const local = this.unsynced ? this.state.items : [];
      const merged = await this.request(() => this.api.merge());
      this.owner = owner;
      this.remember(merged);
      // Lines the guest added but never saved are not in the server's guest cart: keep them, to send.
      const unsaved = local.filter((line) => !merged.cart.cartItems.some((m) => isSameLine(m, line)));
      this.adopt(merged.cart);
      // What a merge could not fit (the caps) is told to the shopper.
      this.dispatch({ type: 'setDropped', dropped: merged.dropped });
      if (unsaved.length > 0) {
        this.unsynced = true;
        this.dispatch({ type: 'replace', items: [...merged.cart.cartItems, ...unsaved] });
        this.persist();
        this.scheduleSave(0);
      }
      return;
    }
    if (from === owner) return;
    this.owner = owner;
    if (from !== null && !guestToUser) {
      // Another identity's cart (signed out elsewhere, say) is not this shopper's.
      this.unsynced = false;
      this.server = null;
      this.etag = null;
      this.version++;
      this.dispatch({ type: 'clear' });
      this.persist();
    }
  }

  private reportSyncError(error: unknown): void {
    if (isApiError(error) && error.code === 'permission-denied') {
      // Spec section 8: a permission-denied sync is silent.
      this.dispatch({ type: 'setLoading', loading: false });
      return;
    }
    console.warn(`Cart sync failed: ${(error as Error).message}`);
    this.dispatch({ type: 'setError', error: MESSAGES.cartSyncFailed });
  }

  private persist(): void {
    saveCart(this.state, this.unsynced, this.owner);
  }

  private dispatch(action: CartAction): void {
    this.state = cartReducer(this.state, action);
    for (const listener of this.listeners) listener();
  }
}
