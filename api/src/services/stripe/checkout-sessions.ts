import { randomUUID } from 'node:crypto';
import { AppError, MESSAGES } from '@shop/shared';
import {
  lineItemMetadata,
  QUOTED_DESTINATION_METADATA,
  quotedDestinationValue,
  EXCHANGE_RATE_METADATA,
} from '@shop/shared/domain/order';
import { CURRENCIES, STORE_CURRENCY, toMinor, type CurrencyCode } from '@shop/shared/domain/currency';
import type { OrderItem, ShippingRatesResponse } from '@shop/shared/schemas';
import type { CartLocation } from '@shop/shared/server/cart';
import { Stripe } from '@shop/shared/providers/stripe';
import { stripeShippingParams, SHIPPING_KEY_METADATA } from './shipping-options.js';
import { variantWords } from '@shop/shared/domain/product';

// Stripe's side of checkout (docs/providers.md#stripe-sdk-and-sandbox): the hosted session's parameters and the
// session calls, with Stripe's failures turned into the error catalogue's answers. What an order
// is, and when a session may be reused, stays with the checkout service.

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
    (error.type === 'StripeInvalidRequestError' ||
      error.type === 'StripeCardError' ||
      error.type === 'StripePermissionError') &&
    error.statusCode !== 404
  );
}

export interface CheckoutSessionInput {
  orderId: string;
  email: string | null;
  cart: CartLocation;
  revision: number;
  items: OrderItem[];
  urls: { successUrl: string; cancelUrl: string };
  shipping: { quote: ShippingRatesResponse; key: string };
  /** The cart's discount code, checked again just before (docs/rules.md#what-a-merch-shopper-expects). */
  discount: { code: string; promotionCodeId: string } | null;
  /** STRIPE_AUTOMATIC_TAX: Stripe adds tax to the lines and shipping. */
  automaticTax: boolean;
  /** When the session lapses unpaid; Stripe's default (24 hours) when absent. */
  expiresAt?: Date;
  /** What the items' prices and shipping are in (docs/rules.md#local-prices); USD when absent. */
  currency?: CurrencyCode;
  /** Units of that currency per US dollar, recorded with the order. */
  exchangeRate?: number;
}

/** The hosted session for one order: every price from the catalogue, the order named in metadata. */
export function checkoutSessionParams(input: CheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
  const { orderId, cart, revision, items, urls, shipping, automaticTax: tax } = input;
  const currency = input.currency ?? STORE_CURRENCY;
  // EUR, GBP and AUD prices include the tax Stripe takes out of them; USD and CAD add it on top.
  const taxBehavior = CURRENCIES[currency].taxInclusive ? ('inclusive' as const) : ('exclusive' as const);
  return {
    mode: 'payment',
    currency: currency.toLowerCase(),
    line_items: items.map((item) => {
      const variant = variantWords(item);
      return {
        quantity: item.quantity,
        metadata: lineItemMetadata(item),
        price_data: {
          currency: currency.toLowerCase(),
          unit_amount: toMinor(item.unitPrice, currency),
          product_data: { name: item.name, ...(variant ? { description: variant } : {}) },
          ...(tax ? { tax_behavior: taxBehavior } : {}),
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
      // Stripe limits the address to the quoted country only; the worker compares the state.
      [QUOTED_DESTINATION_METADATA]: quotedDestinationValue(shipping.quote.destination),
      ...(input.discount ? { discountCode: input.discount.code } : {}),
      ...(currency !== STORE_CURRENCY && input.exchangeRate
        ? { [EXCHANGE_RATE_METADATA]: String(input.exchangeRate) }
        : {}),
    },
    // Stripe applies the promotion code to the lines and reports it in total_details.
    ...(input.discount ? { discounts: [{ promotion_code: input.discount.promotionCodeId }] } : {}),
    ...stripeShippingParams(shipping.quote, tax, taxBehavior),
    ...(input.email ? { customer_email: input.email } : {}),
    // Abandoned checkouts (docs/recovery.md): Stripe asks the shopper whether the shop may write
    // (US shoppers; elsewhere the box is not shown and consent stays null). No recovery URL: it
    // would open a payable copy of the session with no order behind it; the shop's own e-mail
    // restores the cart instead.
    consent_collection: { promotions: 'auto' },
    // Whole seconds, as Stripe takes them; a retry with the same order must send the same value.
    ...(input.expiresAt ? { expires_at: Math.ceil(input.expiresAt.getTime() / 1000) } : {}),
  };
}

export class StripeCheckoutSessions {
  constructor(private readonly stripe: Stripe) {}

  /**
   * Null when Stripe refuses the idempotent replay because the parameters changed. Stripe saves a
   * 5xx under its key and replays it for 24 h (docs/fidelity.md#stripe-states), so after a 5xx
   * the session is asked for once more under a key of its own: one outage does not leave the
   * unchanged cart with "payments unavailable" for a day.
   */
  async create(input: CheckoutSessionInput): Promise<Stripe.Checkout.Session | null> {
    const params = checkoutSessionParams(input);
    const attempt = (idempotencyKey: string) =>
      this.call((stripe) => stripe.checkout.sessions.create(params, { idempotencyKey }));
    try {
      return await this.afterServerError(
        () => this.stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${input.orderId}` }),
        () => attempt(`checkout-${input.orderId}-${randomUUID()}`),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeIdempotencyError) return null;
      throw error;
    }
  }

  /** `first`; when Stripe answers it with a 5xx, `then` (a new key), errors mapped by `call`. */
  private async afterServerError<T>(first: () => Promise<T>, then: () => Promise<T>): Promise<T> {
    try {
      return await first();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500) return then();
      return this.call(() => Promise.reject(error));
    }
  }

  /** Null when Stripe no longer knows the session (a restarted sandbox keeps none). */
  async retrieveIfKnown(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    try {
      return await this.call((stripe) => stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** Expires an open session and answers what it became (it may have completed meanwhile). */
  async expireOpen(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    try {
      return await this.call((stripe) => stripe.checkout.sessions.expire(sessionId));
    } catch (error) {
      // Completed meanwhile: read what it became.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      return this.retrieveIfKnown(sessionId);
    }
  }

  /** Best effort: a session that is no longer open needs nothing. */
  async expireIfOpen(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      if (isUnavailable(error)) throw new AppError('unavailable', MESSAGES.paymentsUnavailable);
      throw error;
    }
  }

  private async call<T>(call: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await call(this.stripe);
    } catch (error) {
      if (isUnavailable(error)) throw new AppError('unavailable', MESSAGES.paymentsUnavailable);
      if (isRefusal(error)) throw new AppError('failed-precondition', MESSAGES.paymentRefused);
      throw error;
    }
  }
}
