import { MESSAGES } from '@shop/shared';
import type { CartResponse } from '@shop/shared/schemas';
import { isApiError } from '../api-client';
import type { CartAnswer, CartApi } from './cart-api';
import { logCartChecks } from './cart-debug';
import { saveCart } from './cart-persistence';
import { rebaseCart } from './cart-rebase';
import { cartReducer, type CartAction } from './cart-reducer';
import type { CartLine } from './cart-state';
import type { CartStateStore } from './cart-state-store';
import { planCartSync, type CartOperation } from './cart-sync-plan';

// The sync protocol: local changes are sent as intent some time after the last one (debounced),
// one request at a time so the server sees them in the order they were made; the server's answer
// (its prices, its line ids, unavailable flags) replaces the local cart. A change refused because
// another tab moved the cart on (409) is re-applied on top of the fresh cart; a change the server
// will never accept is dropped with its reason.

/** How often one save re-reads and re-applies after another tab's change before giving up. */
const MAX_REBASES = 3;

function isStaleCart(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.message === MESSAGES.staleRevision;
}

/** A change the server will never accept as sent (not a network or server failure). */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 404 || error.status === 409);
}

export interface CartSyncOptions {
  api: CartApi;
  state: CartStateStore;
  debounceMs: number;
  /** Runs before every queued request (the identity switches, `cart-owner.ts`). */
  beforeRequest(): Promise<void>;
}

export class CartSync {
  readonly api: CartApi;
  private readonly state: CartStateStore;
  private readonly debounceMs: number;
  private readonly beforeRequest: () => Promise<void>;
  /** The cart as the server last answered it; null until read (or after another tab's change). */
  private server: CartLine[] | null = null;
  /** The revision of `server`, sent as If-Match with the next change. */
  private etag: string | null = null;
  /**
   * The cart this tab's unsent changes were made on, while the server's is not known (a cart shown
   * from this browser's copy or the server's render, before the first read): once the server's is
   * read, the changes are re-applied on top of it, so a line another tab added meanwhile stays.
   */
  private base: readonly CartLine[] | null = null;
  /** Bumped by every local change: an answer to an older state must not overwrite a newer one. */
  private version = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: CartSyncOptions) {
    this.api = options.api;
    this.state = options.state;
    this.debounceMs = options.debounceMs;
    this.beforeRequest = options.beforeRequest;
    // Another tab's confirmed cart is now shown: the next save reads the server's first.
    this.state.attach({ onOtherTab: () => this.forget() });
  }

  /** Applies a local change at once, and sends it once the shopper pauses. */
  change(action: CartAction): void {
    if (!this.state.unsynced) this.base = this.state.getState().items;
    this.dispatch(action);
    // A rejected earlier attempt no longer describes the cart.
    if (this.state.getState().error) this.dispatch({ type: 'setError', error: null });
    this.version++;
    this.state.unsynced = true;
    this.persist();
    this.scheduleSave(this.debounceMs);
  }

  /** Reads the server's cart; unsynced local changes of the same owner are sent instead of dropped. */
  load(): Promise<void> {
    this.dispatch({ type: 'setLoading', loading: true });
    return this.enqueue(async () => {
      const cart = await this.request(() => this.api.get());
      if (this.state.unsynced) {
        this.onTopOf(cart);
        this.scheduleSave(0);
      } else {
        this.adopt(cart);
      }
      this.dispatch({ type: 'setLoading', loading: false });
      // The server answered: an earlier failure to reach it no longer describes the cart.
      if (this.state.getState().error === MESSAGES.cartSyncFailed) this.dispatch({ type: 'setError', error: null });
    });
  }

  /** Sends any waiting change now and resolves when the server has answered. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    // Also changes an earlier page left unsent (it was closed within the debounce).
    if (this.state.unsynced) void this.save();
    await this.queue;
  }

  scheduleSave(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, delayMs);
  }

  /** The server's answer becomes the cart. */
  adopt(answer: CartAnswer): void {
    this.remember(answer);
    this.show(answer.cart);
  }

  /** The server's answer is the base the next changes are planned against. */
  remember(answer: CartAnswer): void {
    this.server = answer.cart.cartItems;
    this.etag = answer.etag;
  }

  /**
   * The server's cart becomes the base of the next changes; this tab's unsent changes, when it is
   * known what they were made on, are re-applied on top of it first (`base`).
   */
  private onTopOf(answer: CartAnswer): void {
    if (this.base && this.state.unsynced) {
      this.dispatch({
        type: 'replace',
        items: rebaseCart(this.base, this.state.getState().items, answer.cart.cartItems),
      });
      this.persist();
    }
    this.base = null;
    this.remember(answer);
  }

  /** Whatever the server held is no longer this page's cart (another identity, another tab). */
  forget(): void {
    this.server = null;
    this.etag = null;
    this.base = null;
    this.version++;
  }

  /** One request, tracked in the pending set while it runs. */
  async request<T>(run: () => Promise<T>): Promise<T> {
    const requestId = globalThis.crypto.randomUUID();
    this.dispatch({ type: 'addPending', requestId });
    try {
      return await run();
    } finally {
      this.dispatch({ type: 'removePending', requestId });
    }
  }

  /** Runs after every earlier request; a failure is reported and does not block later ones. */
  enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue
      .then(() => this.beforeRequest())
      .then(task)
      .catch((e: unknown) => this.reportSyncError(e));
    this.queue = run;
    return run;
  }

  dispatch(action: CartAction): void {
    this.state.set(cartReducer(this.state.getState(), action));
  }

  persist(): void {
    saveCart(this.state.getState(), this.state.unsynced, this.state.owner);
  }

  private show(cart: CartResponse): void {
    logCartChecks(this.state.getState().items, cart.cartItems);
    this.state.unsynced = false;
    this.base = null;
    this.dispatch({ type: 'replace', items: cart.cartItems });
    this.dispatch({ type: 'setDiscount', discount: cart.discount ?? null, currency: cart.currency });
    this.persist();
  }

  private save(): Promise<void> {
    return this.enqueue(async () => {
      if (!this.state.unsynced) return;
      const sentVersion = this.version;
      if (this.server === null) this.onTopOf(await this.request(() => this.api.get()));
      let answer: CartAnswer | null = null;
      for (let attempt = 0; ; attempt++) {
        try {
          for (const operation of planCartSync(this.server ?? [], this.state.getState().items)) {
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
      this.state.unsynced = false;
      if (answer) this.show(answer.cart);
      else this.persist();
      if (this.state.getState().error === MESSAGES.cartSyncFailed) this.dispatch({ type: 'setError', error: null });
    });
  }

  /** Another tab changed the cart: read it again and re-apply this tab's changes on top. */
  private async rebase(): Promise<void> {
    const fresh = await this.request(() => this.api.get());
    const items = rebaseCart(this.server ?? [], this.state.getState().items, fresh.cart.cartItems);
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
    this.adopt(await this.request(() => this.api.get()));
    this.dispatch({ type: 'setError', error: error.message });
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

  private reportSyncError(error: unknown): void {
    if (isApiError(error) && error.code === 'permission-denied') {
      // docs/rules.md#states-and-transitions: a permission-denied sync is silent.
      this.dispatch({ type: 'setLoading', loading: false });
      return;
    }
    console.warn(`Cart sync failed: ${(error as Error).message}`);
    this.dispatch({ type: 'setError', error: MESSAGES.cartSyncFailed });
    this.retryWhenOnline();
  }

  private awaitingOnline = false;

  /**
   * A failed sync is tried again by itself once the connection returns: waiting changes are sent,
   * otherwise the server's cart is read, and either answer clears the failure. No reload needed.
   */
  private retryWhenOnline(): void {
    if (this.awaitingOnline || typeof window === 'undefined') return;
    this.awaitingOnline = true;
    window.addEventListener(
      'online',
      () => {
        this.awaitingOnline = false;
        if (this.state.unsynced) void this.save();
        else void this.load();
      },
      { once: true },
    );
  }
}
