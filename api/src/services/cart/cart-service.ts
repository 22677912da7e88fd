import { AppError, MESSAGES } from '@shop/shared';
import {
  addCartItem,
  assertValidCartItem,
  assertValidLineQuantity,
  assertValidProduct,
  assertValidQuantity,
  assertVariantHasCatalogId,
  buildCartItem,
  clearCart,
  chooseVariant,
  isSameLine,
  isSameVariant,
  removeCartItem,
  setCartItemQuantity,
  type CartItem,
  type DroppedCartLine,
} from '@shop/shared/domain/cart';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { CartLineRequest, CartResponse, CartResponseItem } from '@shop/shared/schemas';
import type { CartKey, CartRepository, ExpectedRevisions, StoredCart } from '@shop/shared/server/cart';
import type { OrderRecords } from '@shop/shared/server/orders';
import type { ProductLookup } from '../catalog/product-lookup.js';

// The cart's operations (docs/contracts.md#http-api). Every line is built from the catalogue: the
// request names a product, a quantity and optionally a size and colour, nothing else.

/** A cart as the API answers it, with the revision that becomes its ETag. */
export interface CartView {
  cart: CartResponse;
  revision: number;
}

/** The merged cart and the guest units that did not fit. */
export interface MergedCartView extends CartView {
  dropped: DroppedCartLine[];
}

type ProductsById = Map<string, Promise<StorefrontProduct | null>>;

export class CartService {
  constructor(
    private readonly carts: CartRepository,
    /** The sign-in merge, which takes the guest cart's open orders along: the order module's step. */
    private readonly orders: Pick<OrderRecords, 'mergeGuestCart'>,
    /** Resolved per call, so a catalogue read model decorated later is picked up. */
    private readonly lookup: () => ProductLookup,
    /** Spends one of a client address's new guest carts; throws (429) when its budget is spent. */
    private readonly guestCartBudget: (client: string) => Promise<void> = async () => undefined,
  ) {}

  /** A new guest cart spends the client's budget; a user's cart or an existing cart does not. */
  private beforeCreate(key: CartKey, client: string | undefined) {
    return key.kind === 'guest' && client !== undefined ? () => this.guestCartBudget(client) : undefined;
  }

  async get(key: CartKey): Promise<CartView> {
    return this.present(await this.carts.read(key));
  }

  async add(key: CartKey, request: CartLineRequest, expected: ExpectedRevisions, client?: string): Promise<CartView> {
    const item = await this.resolveLine(request, new Map());
    return this.present(
      await this.carts.change(key, expected, (items) => addCartItem(items, item), this.beforeCreate(key, client)),
    );
  }

  /**
   * Replaces the whole cart. A line that was already in the cart keeps its id and addedAt.
   * `teamOrderId` (server code only: a lead filling their cart) marks every line as that team order's.
   */
  async replace(
    key: CartKey,
    requests: CartLineRequest[],
    expected: ExpectedRevisions,
    client?: string,
    { teamOrderId }: { teamOrderId?: string } = {},
  ): Promise<CartView> {
    const products: ProductsById = new Map();
    const resolved = (await Promise.all(requests.map((request) => this.resolveLine(request, products)))).map((item) =>
      teamOrderId ? { ...item, teamOrderId } : item,
    );
    const next = resolved.reduce<CartItem[]>((items, item) => addCartItem(items, item), []);
    const stored = await this.carts.change(
      key,
      expected,
      (items) =>
        next.map((item) => {
          const existing = items.find((line) => isSameLine(line, item));
          return existing ? { ...item, id: existing.id, addedAt: existing.addedAt } : item;
        }),
      this.beforeCreate(key, client),
    );
    return this.present(stored);
  }

  async clear(key: CartKey, expected: ExpectedRevisions): Promise<CartView> {
    return this.present(await this.carts.change(key, expected, (items) => (items.length === 0 ? null : clearCart())));
  }

  /** Zero or less removes the line; above the line cap (100) is refused; an unknown line is not found. */
  async setQuantity(key: CartKey, itemId: string, quantity: number, expected: ExpectedRevisions): Promise<CartView> {
    if (quantity > 0) assertValidLineQuantity(quantity);
    const stored = await this.carts.change(key, expected, (items) => {
      if (!items.some((line) => line.id === itemId)) throw new AppError('not-found', MESSAGES.cartItemNotFound(itemId));
      return setCartItemQuantity(items, itemId, quantity);
    });
    return this.present(stored);
  }

  /** Removing a line that is not there changes nothing, so a repeated request is harmless. */
  async remove(key: CartKey, itemId: string, expected: ExpectedRevisions): Promise<CartView> {
    const stored = await this.carts.change(key, expected, (items) =>
      items.some((line) => line.id === itemId) ? removeCartItem(items, itemId) : null,
    );
    return this.present(stored);
  }

  async merge(uid: string, guestId: string, expected: ExpectedRevisions): Promise<MergedCartView> {
    const { dropped, ...stored } = await this.orders.mergeGuestCart(uid, guestId, expected);
    return { ...(await this.present(stored)), dropped };
  }

  private product(id: string, products: ProductsById): Promise<StorefrontProduct | null> {
    let found = products.get(id);
    if (!found) {
      found = this.lookup().getProduct(id);
      products.set(id, found);
    }
    return found;
  }

  /** docs/rules.md#validation: quantity, product, variant choice, catalogue variant id, then the built line. */
  /** Whether the line could be put in a cart now (the product and variant are still sold). */
  async canSell(request: CartLineRequest): Promise<boolean> {
    try {
      await this.resolveLine(request, new Map());
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  private async resolveLine(request: CartLineRequest, products: ProductsById): Promise<CartItem> {
    assertValidQuantity(request.quantity);
    const product = await this.product(request.productId, products);
    if (!product) {
      // docs/rules.md#only-what-can-ship-is-sold: a product the store sold and retired is refused as such, not as unknown.
      if (await this.lookup().isRetired(request.productId, {}))
        throw new AppError('aborted', MESSAGES.productUnavailable);
      throw new AppError('not-found', MESSAGES.productNotFound);
    }
    assertValidProduct(product);
    const variant = await this.chooseSellableVariant(product, request);
    assertVariantHasCatalogId(variant);
    const item = buildCartItem(product, variant, { quantity: request.quantity });
    assertValidCartItem(item);
    return item;
  }

  /** The requested variant; a retired one (ignored in Printful, below the margin guard) is 409 aborted. */
  private async chooseSellableVariant(product: StorefrontProduct, request: CartLineRequest) {
    try {
      return chooseVariant(product, request);
    } catch (error) {
      if (await this.lookup().isRetired(request.productId, { size: request.size, color: request.color }))
        throw new AppError('aborted', MESSAGES.productUnavailable);
      throw error;
    }
  }

  /** Flags each line whose product or variant has left the catalogue; such lines stay in the cart. */
  private async present({ document, revision }: StoredCart): Promise<CartView> {
    const products: ProductsById = new Map();
    const cartItems = await Promise.all(
      document.cartItems.map(async (item): Promise<CartResponseItem> => {
        const product = await this.product(item.productId, products);
        const available = (product?.variants ?? []).some((variant) => isSameVariant(variant, item));
        return available ? item : { ...item, unavailable: true };
      }),
    );
    return { cart: { ...document, cartItems }, revision };
  }
}
