import { createHash } from 'node:crypto';
import { AppError, MESSAGES } from '@shop/shared';
import { buildCartItem, cartTotals, isSameVariant, isValidCartItem } from '@shop/shared/domain/cart';
import { lineItemMetadata, toMinorUnits } from '@shop/shared/domain/order';
import type {
  CartResponseItem,
  CheckoutSessionResponse,
  CreateCheckoutSessionBody,
  Order,
  OrderItem,
  ShippingRatesResponse,
} from '@shop/shared/schemas';
import { cartLocation, openOrdersOfCart, type CartKey, type CartLocation } from '@shop/shared/server/cart';
import type { DocumentStore } from '@shop/shared/server/store';
import { Stripe } from '@shop/shared/server/stripe';
import type { CartService } from '../cart/index.js';
import type { ProductLookup } from '../catalog/product-lookup.js';
import type { ShippingRateService } from '../shipping/index.js';
import { shippingKeyOf, stripeShippingParams, SHIPPING_KEY_METADATA } from './shipping-options.js';
import { readOrder, recordPendingOrder } from '../orders/order-repository.js';
import { checkoutUrls } from './checkout-urls.js';

// POST /api/checkout/sessions (DESIGN.md section 5): a hosted Stripe Checkout Session for the
// caller's server-side cart, with every price taken from the catalogue again, and a pending order
// recorded beside it.
//
// One cart version maps to one order and one session: the order id is derived from the cart, its
// revision and an attempt number, and the Stripe Idempotency-Key from the order id. A double click
// or a retried request therefore gets the same session. When that session can no longer be paid
// (expired, or the catalogue price changed so Stripe refuses the replay) the next attempt number
// gives a fresh order and session.

const MAX_ATTEMPTS = 20;

export interface CheckoutShopper {
  cart: CartKey;
  email: string | null;
}

export interface CheckoutDeps {
  store: DocumentStore;
  stripe: Stripe;
  carts: CartService;
  lookup: () => ProductLookup;
  publicUrl: string;
  shippingRates: ShippingRateService;
  /** STRIPE_AUTOMATIC_TAX: Stripe adds tax to the lines and shipping. */
  automaticTax: boolean;
}

/**
 * At most 32 characters of [0-9A-Za-z_-], so it doubles as the Printful order's external_id. The
 * cart's updatedAt keeps a reset store (revisions from 0 again) from reusing an id Printful knows.
 */
function orderIdFor(cart: CartLocation, revision: number, updatedAt: string, attempt: number): string {
  const digest = createHash('sha256')
    .update(`${cart.collection}/${cart.id}@${revision}@${updatedAt}#${attempt}`)
    .digest('base64url');
  return `ord_${digest.slice(0, 27)}`;
}

function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  return (
    error.type === 'StripeConnectionError' || error.type === 'StripeRateLimitError' || (error.statusCode ?? 500) >= 500
  );
}

/** Stripe refused the session itself (e.g. tax not set up, a country it cannot serve). */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    !(error instanceof Stripe.errors.StripeIdempotencyError) &&
    (error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError' || error.type === 'StripePermissionError') &&
    error.statusCode !== 404
  );
}

export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  async createSession(shopper: CheckoutShopper, body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
    const urls = checkoutUrls(this.deps.publicUrl, body);
    const { cart, revision } = await this.deps.carts.get(shopper.cart);
    if (cart.cartItems.length === 0) throw new AppError('invalid-argument', MESSAGES.cartEmpty);
    const items = await this.priceFromCatalogue(cart.cartItems);
    const location = cartLocation(shopper.cart);
    await this.closeEarlierSessions(location, revision);
    // The same options the cart page showed: a hosted page cannot re-price shipping once open.
    const quote = await this.deps.shippingRates.quote(
      body.shipping,
      items.map((i) => ({ catalogVariantId: i.catalogVariantId, quantity: i.quantity, unitPrice: i.unitPrice })),
    );
    const shipping = { quote, key: shippingKeyOf(quote) };

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const orderId = orderIdFor(location, revision, cart.updatedAt, attempt);
      const existing = await readOrder(this.deps.store, orderId);
      if (existing) {
        const open = await this.openSessionOf(existing, shipping.key);
        if (open) return open;
        continue;
      }
      const session = await this.createStripeSession(orderId, shopper, location, revision, items, urls, shipping);
      if (!session) continue;
      const now = new Date().toISOString();
      const order: Order = {
        id: orderId,
        status: 'pending',
        sessionId: session.id,
        items,
        totalPrice: cartTotals(items.map((i) => ({ price: i.unitPrice, quantity: i.quantity }))).totalPrice,
        currency: 'USD',
        owner:
          shopper.cart.kind === 'user'
            ? { kind: 'user', id: shopper.cart.uid }
            : { kind: 'guest', id: shopper.cart.guestId },
        cart: { ...location, revision },
        createdAt: now,
        updatedAt: now,
        paidAt: null,
        customerEmail: shopper.email,
        shipping: null,
        fulfilment: { provider: 'printful', orderId: null, status: 'none' },
        steps: { cartCleared: false, confirmationQueued: false, shippedNoticeQueued: false },
      };
      await recordPendingOrder(this.deps.store, order);
      return { id: session.id, url: session.url as string };
    }
    throw new AppError('aborted', MESSAGES.checkoutInProgress);
  }

  /** Each line re-read from the catalogue: name and price as the catalogue has them now. */
  private async priceFromCatalogue(lines: CartResponseItem[]): Promise<OrderItem[]> {
    const lookup = this.deps.lookup();
    const unavailable: string[] = [];
    const items: OrderItem[] = [];
    for (const line of lines) {
      const product = line.unavailable ? null : await lookup.getProduct(line.productId);
      const variant = product?.variants?.find((v) => isSameVariant(v, line));
      const fresh =
        product && variant
          ? buildCartItem({ ...product, id: line.productId }, variant, { quantity: line.quantity, id: line.id })
          : null;
      if (!fresh || !isValidCartItem(fresh)) {
        unavailable.push(line.name);
        continue;
      }
      items.push({
        lineId: line.id,
        productId: fresh.productId,
        name: fresh.name,
        variantName: fresh.variantName,
        size: fresh.size,
        color: fresh.color,
        quantity: fresh.quantity,
        unitPrice: fresh.price,
        imageUrl: fresh.imageUrl,
        syncVariantId: fresh.sync_variant_id,
        catalogVariantId: fresh.catalog_variant_id,
      });
    }
    // DESIGN.md 12.2: a cart holding a retired product or variant is refused, naming the lines.
    if (unavailable.length) throw new AppError('aborted', MESSAGES.cartItemsUnavailable(unavailable));
    return items;
  }

  /**
   * Sessions of earlier versions of this cart (DESIGN.md 12.2): lines one of them may still be
   * charged for cannot be sold again. One completed but awaiting a delayed payment (or paid and
   * not yet processed) refuses the checkout; one still open is expired, so only the newest
   * session of a cart can be paid.
   */
  private async closeEarlierSessions(cart: CartLocation, revision: number): Promise<void> {
    const earlier = (await openOrdersOfCart(this.deps.store, cart)).filter((order) => order.cart.revision !== revision);
    for (const order of earlier) {
      if (order.status === 'paid') throw new AppError('aborted', MESSAGES.cartAlreadyPaid);
      let session = await this.retrieveIfKnown(order.sessionId);
      if (session?.status === 'open') {
        try {
          session = await this.stripe((stripe) => stripe.checkout.sessions.expire(order.sessionId));
        } catch (error) {
          // Completed meanwhile: read what it became.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          session = await this.retrieveIfKnown(order.sessionId);
        }
      }
      if (session?.status === 'complete') {
        throw new AppError(
          'aborted',
          session.payment_status === 'unpaid' ? MESSAGES.checkoutInProgress : MESSAGES.cartAlreadyPaid,
        );
      }
    }
  }

  /** Null when Stripe no longer knows the session (a restarted sandbox keeps none). */
  private async retrieveIfKnown(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    try {
      return await this.stripe((stripe) => stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /**
   * The existing order's session while it can still be paid; null when a new attempt is needed. A
   * session quoted for another destination or other rates is expired first, so a cart never has
   * two payable sessions.
   */
  private async openSessionOf(order: Order, shippingKey: string): Promise<CheckoutSessionResponse | null> {
    if (order.status === 'paid' || order.status === 'shipped') throw new AppError('aborted', MESSAGES.cartAlreadyPaid);
    if (order.status !== 'pending') return null;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe((stripe) => stripe.checkout.sessions.retrieve(order.sessionId));
    } catch (error) {
      // Stripe no longer knows it (a restarted sandbox keeps no sessions): start afresh.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
    if (session.status === 'open' && session.metadata?.[SHIPPING_KEY_METADATA] !== shippingKey) {
      await this.expire(session.id);
      return null;
    }
    if (session.status === 'open' && session.url) return { id: session.id, url: session.url };
    if (session.status === 'complete') {
      throw new AppError(
        'aborted',
        session.payment_status === 'unpaid' ? MESSAGES.checkoutInProgress : MESSAGES.cartAlreadyPaid,
      );
    }
    return null;
  }

  /** Null when Stripe refuses the idempotent replay because the parameters changed. */
  private async createStripeSession(
    orderId: string,
    shopper: CheckoutShopper,
    cart: CartLocation,
    revision: number,
    items: OrderItem[],
    urls: { successUrl: string; cancelUrl: string },
    shipping: { quote: ShippingRatesResponse; key: string },
  ): Promise<Stripe.Checkout.Session | null> {
    const tax = this.deps.automaticTax;
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: items.map((item) => {
        const variant = [item.size, item.color].filter(Boolean).join(' / ');
        return {
          quantity: item.quantity,
          metadata: lineItemMetadata(item),
          price_data: {
            currency: 'usd',
            unit_amount: toMinorUnits(item.unitPrice),
            product_data: { name: item.name, ...(variant ? { description: variant } : {}) },
            // Prices are shown before tax; Stripe adds it on top.
            ...(tax ? { tax_behavior: 'exclusive' as const } : {}),
          },
        };
      }),
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
      client_reference_id: `${cart.collection}_${cart.id}`,
      metadata: {
        orderId,
        cartCollection: cart.collection,
        cartId: cart.id,
        cartRevision: String(revision),
        [SHIPPING_KEY_METADATA]: shipping.key,
      },
      ...stripeShippingParams(shipping.quote, tax),
      ...(shopper.email ? { customer_email: shopper.email } : {}),
    };
    try {
      return await this.stripe((stripe) =>
        stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${orderId}` }),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeIdempotencyError) return null;
      throw error;
    }
  }

  /** Best effort: a session that is no longer open needs nothing. */
  private async expire(sessionId: string): Promise<void> {
    try {
      await this.deps.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      if (isUnavailable(error)) throw new AppError('unavailable', MESSAGES.paymentsUnavailable);
      throw error;
    }
  }

  private async stripe<T>(call: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await call(this.deps.stripe);
    } catch (error) {
      if (isUnavailable(error)) throw new AppError('unavailable', MESSAGES.paymentsUnavailable);
      if (isRefusal(error)) throw new AppError('failed-precondition', MESSAGES.paymentRefused);
      throw error;
    }
  }
}
