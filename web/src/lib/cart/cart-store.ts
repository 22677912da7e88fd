import { CART_LINE_QUANTITY_MAX, CART_QUANTITY_MAX, CART_SAVE_DEBOUNCE_MS, MESSAGES } from '@shop/shared';
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
import type { CartApi } from './cart-api';
import { CartOwner, type CartIdentity } from './cart-owner';
import { readSavedCart } from './cart-persistence';
import type { CartState } from './cart-state';
import { CartStateStore } from './cart-state-store';
import { CartSync } from './cart-sync';

// The one cart of every store page, as the features use it. Changes apply at once on the page
// (through the shared cart rules) and in local storage; the state and its listeners are in
// `cart-state-store.ts`, the sending in `cart-sync.ts`, whose cart it is in `cart-owner.ts`.

export interface CartStoreOptions {
  api: CartApi;
  identity: CartIdentity;
  debounceMs?: number;
  /** The state to sync (the page's one, which the header badge follows); a new one otherwise. */
  state?: CartStateStore;
}

export interface AddToCartInput {
  size?: string | null;
  color?: string | null;
  quantity: number;
}

export class CartStore {
  readonly state: CartStateStore;
  private readonly sync: CartSync;
  private readonly owner: CartOwner;
  private started: Promise<void> | null = null;

  constructor(options: CartStoreOptions) {
    this.state = options.state ?? new CartStateStore();
    this.state.restore(readSavedCart());
    this.owner = new CartOwner(options.identity, this.state, () => this.sync);
    this.sync = new CartSync({
      api: options.api,
      state: this.state,
      debounceMs: options.debounceMs ?? CART_SAVE_DEBOUNCE_MS,
      beforeRequest: () => this.owner.settle(),
    });
  }

  getState = (): CartState => this.state.getState();

  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  /** Reads the server's cart once per page (later calls share the first). */
  start(): Promise<void> {
    this.started ??= this.load();
    return this.started;
  }

  /** Reads the cart of the current identity; unsynced local changes of the same owner are sent instead of dropped. */
  async load(): Promise<void> {
    await this.owner.ready();
    await this.sync.load();
  }

  /**
   * Adds a product variant (docs/rules.md#validation validation). On a failure the cart error is set and
   * the error is rethrown, as the spec says; the line is added otherwise.
   */
  addItem(product: CartProduct | null | undefined, { size, color, quantity }: AddToCartInput): void {
    try {
      assertValidProduct(product);
      assertValidQuantity(quantity);
      const variant = chooseVariant(product, { size, color });
      assertVariantHasCatalogId(variant);
      this.sync.change({ type: 'add', item: buildCartItem(product, variant, { quantity }) });
    } catch (e) {
      this.sync.dispatch({ type: 'setError', error: (e as Error).message });
      throw e;
    }
  }

  /**
   * The product page's add: any quantity the line can still hold (a team's 12 or 40 in one go),
   * made as adds of 1 to 10, the size of each add the cart's rules and the API take. Checked in
   * full first, so a refused quantity adds nothing.
   */
  addQuantity(product: CartProduct | null | undefined, input: AddToCartInput): void {
    const { quantity } = input;
    try {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > CART_LINE_QUANTITY_MAX)
        throw new Error(MESSAGES.productQuantityRange(CART_LINE_QUANTITY_MAX));
      assertValidProduct(product);
      const variant = chooseVariant(product, input);
      assertVariantHasCatalogId(variant);
      const line = buildCartItem(product, variant, { quantity: 1 });
      const have = this.getState().items.find((item) => isSameLine(item, line))?.quantity ?? 0;
      if (have + quantity > CART_LINE_QUANTITY_MAX) throw new Error(MESSAGES.lineCap(have, CART_LINE_QUANTITY_MAX));
    } catch (e) {
      this.sync.dispatch({ type: 'setError', error: (e as Error).message });
      throw e;
    }
    for (let left = quantity; left > 0; left -= CART_QUANTITY_MAX)
      this.addItem(product, { ...input, quantity: Math.min(left, CART_QUANTITY_MAX) });
  }

  /** Zero or less removes the line; above the line cap (100) sets the error and throws. */
  setQuantity(itemId: string, quantity: number): void {
    try {
      this.sync.change({ type: 'setQuantity', itemId, quantity });
    } catch (e) {
      this.sync.dispatch({ type: 'setError', error: (e as Error).message });
      throw e;
    }
  }

  removeItem(itemId: string): void {
    this.sync.change({ type: 'remove', itemId });
  }

  clear(): void {
    this.sync.change({ type: 'clear' });
  }

  clearError(): void {
    this.sync.dispatch({ type: 'setError', error: null });
  }

  /** The shopper has read what the sign-in merge left out. */
  dismissDropped(): void {
    this.sync.dispatch({ type: 'setDropped', dropped: [] });
  }

  /** Sends any waiting change now and resolves when the server has answered (checkout, sign-in). */
  flush(): Promise<void> {
    return this.sync.flush();
  }

  /**
   * Applies a discount code once every waiting change is saved, so the server judges the cart the
   * shopper sees. Resolves with the refusal's message, or null when the code was applied.
   */
  async applyDiscount(code: string): Promise<string | null> {
    await this.flush();
    const apply = this.sync.api.applyDiscount;
    if (!apply) return null;
    try {
      this.sync.adopt(await this.sync.request(() => apply(code)));
      return null;
    } catch (e) {
      if (isApiError(e)) return e.message;
      throw e;
    }
  }

  async removeDiscount(): Promise<void> {
    const remove = this.sync.api.removeDiscount;
    if (!remove) return;
    await this.sync.enqueue(async () => {
      this.sync.adopt(await this.sync.request(() => remove()));
    });
  }

  /**
   * The cart the server rendered the cart page with: the guest's cart that the page's forms
   * changed before the app loaded (its id is the one the app now shares with them, see
   * guest-id.ts). It is shown as this page's cart unless local changes are waiting to be sent
   * (they are sent on top of the server's cart as usual). In a signed-in browser the form's lines
   * are in the guest cart, which is merged into the user's, as on sign-in.
   */
  adoptRendered(cart: CartResponse): void {
    if (this.state.unsynced) return;
    const guestId = 'sessionId' in cart ? cart.sessionId : undefined;
    if (!guestId) return;
    const owner = this.state.owner;
    if (owner !== null && owner.startsWith('user:')) {
      if (cart.cartItems.length > 0) this.owner.requestMerge();
      return;
    }
    if (owner !== null && owner !== guestId) return;
    this.state.owner = guestId;
    this.sync.adopt({ cart, etag: null });
  }

  /** After sign-in: the guest cart joins the user's; then the user's cart is read. */
  async mergeGuestCart(): Promise<void> {
    this.owner.requestMerge();
    await this.load();
  }
}
