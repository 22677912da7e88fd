import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createStripeClient } from '../stripe/stripe-client.js';
import { CheckoutService } from './checkout-service.js';

// One checkout service, over the app's one cart service, catalogue lookup and shipping quote.

declare module 'fastify' {
  interface FastifyInstance {
    /** Hosted Stripe Checkout Sessions for a shopper's server-side cart. */
    checkout: CheckoutService;
  }
}

async function checkoutPlugin(app: FastifyInstance) {
  app.decorate(
    'checkout',
    new CheckoutService({
      orders: app.orderRecords,
      stripe: createStripeClient(app.config),
      carts: app.carts,
      discounts: app.discounts,
      lookup: () => app.productLookup,
      publicUrl: app.config.PUBLIC_URL,
      shippingRates: app.shippingRates,
      automaticTax: app.config.STRIPE_AUTOMATIC_TAX,
      localPrices: app.localPrices,
      minMarginPercent: app.config.MIN_MARGIN_PERCENT,
      marginBufferPercent: app.config.CURRENCY_MARGIN_BUFFER_PERCENT,
      teamOrders: app.teamOrderRecords,
    }),
  );
}

export default fp(checkoutPlugin, {
  name: 'checkout',
  dependencies: ['infrastructure', 'catalog', 'cart', 'shipping', 'discounts', 'local-prices'],
});
