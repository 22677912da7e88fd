import { createHash } from 'node:crypto';
import { AppError, MESSAGES } from '@shop/shared';
import { cartTotals } from '@shop/shared/domain/cart';
import { pendingOrder } from '@shop/shared/domain/order';
import { teamOrderIdOfCart } from '@shop/shared/domain/team-order';
import { withChosenFirst } from '@shop/shared/domain/delivery';
import type {
  CheckoutSessionResponse,
  CreateCheckoutSessionBody,
  Order,
  OrderItem,
  ShippingRatesResponse,
} from '@shop/shared/schemas';
import { cartLocation, type CartKey, type CartLocation } from '@shop/shared/server/cart';
import type { Stripe } from '../stripe/stripe-client.js';
import type { CartService } from '../cart/index.js';
import type { CheckoutDiscount, DiscountLine, DiscountService } from '../discounts/index.js';
import type { ProductLookup } from '../catalog/product-lookup.js';
import type { ShippingRateService } from '../shipping/shipping-plugin.js';
import { shippingKeyOf, SHIPPING_KEY_METADATA } from '../stripe/shipping-options.js';
import { StripeCheckoutSessions } from '../stripe/checkout-sessions.js';
import type { OrderRecords } from '@shop/shared/server/orders';
import type { TeamOrderRecords } from '@shop/shared/server/team-orders';
import { checkoutUrls } from './checkout-urls.js';
import { priceFromCatalogue } from './checkout-lines.js';
import { STORE_CURRENCY, localShippingQuote, type CurrencyCode } from '@shop/shared/domain/currency';
import type { LocalPricesService } from '../currency/local-prices-service.js';
import { assertCurrencyOpen, assertLocalMargins, assertStripeMinimum } from './local-checkout.js';

// POST /api/checkout/sessions (docs/contracts.md#http-api): a hosted Stripe Checkout Session for the
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
  /** The client address (as the rate limit keys it): whose quote budget an uncached quote spends. */
  client: string;
  /** The request's currency (`?currency=`, else the cookie); USD when absent. */
  currency?: CurrencyCode;
}

export interface CheckoutDeps {
  orders: Pick<OrderRecords, 'readOrder' | 'recordPendingOrder' | 'openOrdersOfCart'>;
  stripe: Stripe;
  carts: CartService;
  discounts: DiscountService;
  lookup: () => ProductLookup;
  publicUrl: string;
  shippingRates: ShippingRateService;
  /** STRIPE_AUTOMATIC_TAX: Stripe adds tax to the lines and shipping. */
  automaticTax: boolean;
  /** Rates and hand-set prices per currency (docs/rules.md#local-prices). */
  localPrices: Pick<LocalPricesService, 'pricing'>;
  /** MIN_MARGIN_PERCENT and CURRENCY_MARGIN_BUFFER_PERCENT: the margin guard in the shopper's currency. */
  minMarginPercent: number;
  marginBufferPercent: number;
  /** The team orders, for the name of the one a lead's cart was filled from. */
  teamOrders?: Pick<TeamOrderRecords, 'readTeamOrder'>;
}

/**
 * At most 32 characters of [0-9A-Za-z_-], so it doubles as the Printful order's external_id. The
 * cart's updatedAt keeps a reset store (revisions from 0 again) from reusing an id Printful knows.
 */
/** Session metadata naming the cart's discount code (empty without one). */
export const DISCOUNT_CODE_METADATA = 'discountCode';

export function discountLinesOf(items: readonly OrderItem[]): DiscountLine[] {
  return items.map((i) => ({
    productId: i.productId,
    syncVariantId: i.syncVariantId ?? null,
    unitPrice: i.unitPrice,
    ...(i.unitPriceUsd !== undefined ? { usdUnitPrice: i.unitPriceUsd } : {}),
    quantity: i.quantity,
  }));
}

/**
 * The quote with the shopper's pick first, where Stripe's hosted page preselects it; all the others
 * still offered there. Only an id of this very quote is taken: the amount is always the quote's.
 */
function withChoiceFirst(quote: ShippingRatesResponse, optionId: string | undefined): ShippingRatesResponse {
  if (optionId === undefined) return quote;
  const options = withChosenFirst(quote.options, optionId);
  if (!options) {
    throw new AppError('invalid-argument', MESSAGES.shippingOptionNotOffered, {
      fields: { shippingOption: MESSAGES.shippingOptionNotOffered },
    });
  }
  return { ...quote, options };
}

function orderIdFor(cart: CartLocation, revision: number, updatedAt: string, attempt: number): string {
  const digest = createHash('sha256')
    .update(`${cart.collection}/${cart.id}@${revision}@${updatedAt}#${attempt}`)
    .digest('base64url');
  return `ord_${digest.slice(0, 27)}`;
}

export class CheckoutService {
  private readonly sessions: StripeCheckoutSessions;

  constructor(private readonly deps: CheckoutDeps) {
    this.sessions = new StripeCheckoutSessions(deps.stripe);
  }

  async createSession(shopper: CheckoutShopper, body: CreateCheckoutSessionBody): Promise<CheckoutSessionResponse> {
    const urls = checkoutUrls(this.deps.publicUrl, body);
    const { cart, revision } = await this.deps.carts.get(shopper.cart);
    if (cart.cartItems.length === 0) throw new AppError('invalid-argument', MESSAGES.cartEmpty);
    // docs/rules.md#local-prices: charged in the shopper's currency, or refused with the cart kept.
    const currency = shopper.currency ?? STORE_CURRENCY;
    const pricing = await this.deps.localPrices.pricing(currency);
    assertCurrencyOpen(currency, pricing);
    const items = await priceFromCatalogue(this.deps.lookup(), cart.cartItems, pricing);
    const { minMarginPercent, marginBufferPercent: bufferPercent } = this.deps;
    if (currency !== STORE_CURRENCY) {
      const costs = await this.deps.discounts.costs(discountLinesOf(items));
      assertLocalMargins({ items, costs: costs.map((c) => c.cost), pricing, minMarginPercent, bufferPercent });
    }
    // docs/rules.md#what-a-merch-shopper-expects: the cart or the costs may have changed since the code was applied.
    const discount = await this.deps.discounts.forCheckout(shopper.cart, discountLinesOf(items), {
      currency,
      rate: pricing.rate,
      bufferPercent,
    });
    assertStripeMinimum(currency, items, discount?.amountOff ?? 0);
    // The same options the cart page showed: a hosted page cannot re-price shipping once open.
    // Printful quotes in dollars on the catalogue's prices; the shopper pays them converted.
    const usdQuote = await this.deps.shippingRates.quote(
      body.shipping,
      items.map((i) => ({
        catalogVariantId: i.catalogVariantId,
        quantity: i.quantity,
        unitPrice: i.unitPriceUsd ?? i.unitPrice,
      })),
      { client: shopper.client },
    );
    // Checked before any earlier session is closed, so a refused pick leaves everything as it was.
    const quote = withChoiceFirst(localShippingQuote(usdQuote, pricing), body.shippingOption);
    // The key covers the options' order, so a session opened with another pick is not reused.
    const shipping = { quote, key: shippingKeyOf(quote) };
    const location = cartLocation(shopper.cart);
    await this.closeEarlierSessions(location, revision);

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const orderId = orderIdFor(location, revision, cart.updatedAt, attempt);
      const existing = await this.deps.orders.readOrder(orderId);
      if (existing) {
        const open = await this.openSessionOf(existing, shipping.key, discount);
        if (open) return open;
        continue;
      }
      // A limited code's use is taken before Stripe opens the page, so at most its limit of
      // sessions can ever be paid with it, however many checkouts run at once.
      // A held use lapses with its session: DISCOUNT_HOLD_MINUTES unpaid (docs/limits.md#discount-codes-uses-held-by-open-checkouts).
      const hold = discount
        ? await this.deps.discounts.reserve(discount.code, orderId, shopper.cart, shopper.client)
        : null;
      const session = await this.openNew(orderId, discount, {
        ...(hold?.until ? { expiresAt: hold.until } : {}),
        orderId,
        email: shopper.email,
        cart: location,
        revision,
        items,
        urls,
        shipping,
        discount,
        automaticTax: this.deps.automaticTax,
        currency,
        exchangeRate: pricing.rate,
      });
      if (!session) continue;
      const teamOrderId = teamOrderIdOfCart(cart.cartItems);
      const order = pendingOrder({
        id: orderId,
        sessionId: session.id,
        items,
        totalPrice: cartTotals(items.map((i) => ({ price: i.unitPrice, quantity: i.quantity }))).totalPrice,
        owner:
          shopper.cart.kind === 'user'
            ? { kind: 'user', id: shopper.cart.uid }
            : { kind: 'guest', id: shopper.cart.guestId },
        cart: { ...location, revision },
        customerEmail: shopper.email,
        at: new Date().toISOString(),
        teamOrderId,
        teamOrderTitle: teamOrderId ? await this.teamOrderTitle(teamOrderId) : null,
        currency,
        exchangeRate: pricing.rate,
      });
      await this.deps.orders.recordPendingOrder({ ...order, discountCode: discount?.code ?? null });
      return { id: session.id, url: session.url as string };
    }
    throw new AppError('aborted', MESSAGES.checkoutInProgress);
  }

  /** The team order's name, kept on the order so the lead's pages and e-mails can say it. */
  private async teamOrderTitle(id: string): Promise<string | null> {
    const doc = await this.deps.teamOrders?.readTeamOrder(id);
    return doc?.title ?? null;
  }

  /** A new session; the code's use is given back when none opens (refused, replayed, unreachable). */
  private async openNew(
    orderId: string,
    discount: CheckoutDiscount | null,
    input: Parameters<StripeCheckoutSessions['create']>[0],
  ): Promise<Awaited<ReturnType<StripeCheckoutSessions['create']>>> {
    try {
      const session = await this.sessions.create(input);
      if (!session && discount) await this.deps.discounts.release(orderId);
      return session;
    } catch (error) {
      if (discount) await this.deps.discounts.release(orderId);
      throw error;
    }
  }

  /**
   * Sessions of earlier versions of this cart (docs/rules.md#only-what-can-ship-is-sold): lines one of them may still be
   * charged for cannot be sold again. One completed but awaiting a delayed payment (or paid and
   * not yet processed) refuses the checkout; one still open is expired, so only the newest
   * session of a cart can be paid.
   */
  private async closeEarlierSessions(cart: CartLocation, revision: number): Promise<void> {
    const earlier = (await this.deps.orders.openOrdersOfCart(cart)).filter((order) => order.cart.revision !== revision);
    for (const order of earlier) {
      if (order.status === 'paid') throw new AppError('aborted', MESSAGES.cartAlreadyPaid);
      let session = await this.sessions.retrieveIfKnown(order.sessionId);
      if (session?.status === 'open') session = await this.sessions.expireOpen(order.sessionId);
      // Closed now, so the code's use it held is free for this cart's new checkout at once.
      if (session?.status === 'expired') await this.deps.discounts.release(order.id);
      if (session?.status === 'complete') {
        throw new AppError(
          'aborted',
          session.payment_status === 'unpaid' ? MESSAGES.checkoutInProgress : MESSAGES.cartAlreadyPaid,
        );
      }
    }
  }

  /**
   * The existing order's session while it can still be paid; null when a new attempt is needed. A
   * session quoted for another destination, other rates or another discount code is expired first, so a cart never has
   * two payable sessions.
   */
  private async openSessionOf(
    order: Order,
    shippingKey: string,
    discount: CheckoutDiscount | null,
  ): Promise<CheckoutSessionResponse | null> {
    if (order.status === 'paid' || order.status === 'shipped') throw new AppError('aborted', MESSAGES.cartAlreadyPaid);
    if (order.status !== 'pending') return null;
    const session = await this.sessions.retrieveIfKnown(order.sessionId);
    // Stripe no longer knows it (a restarted sandbox keeps no sessions): start afresh.
    if (!session) return null;
    const sameDiscount = (session.metadata?.[DISCOUNT_CODE_METADATA] ?? '') === (discount?.code ?? '');
    if (session.status === 'open' && (session.metadata?.[SHIPPING_KEY_METADATA] !== shippingKey || !sameDiscount)) {
      await this.sessions.expireIfOpen(session.id);
      await this.deps.discounts.release(order.id);
      return null;
    }
    if (session.status === 'open' && session.url) return { id: session.id, url: session.url };
    if (session.status === 'complete') {
      throw new AppError(
        'aborted',
        session.payment_status === 'unpaid' ? MESSAGES.checkoutInProgress : MESSAGES.cartAlreadyPaid,
      );
    }
    // Expired before its webhook was handled: its use of the code is free for the next attempt.
    if (session.status === 'expired') await this.deps.discounts.release(order.id);
    return null;
  }
}
