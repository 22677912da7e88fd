import { z } from 'zod';
import { cartDocumentSchema } from '../../domain/cart/cart-document.js';
import { productDocumentSchema } from '../../domain/product/product-document.js';
import { storefrontProductSchema } from '../../schemas/storefront-product.js';
import { catalogMarginDocSchema } from '../../schemas/catalog-margins.js';
import { CART_COLLECTIONS } from '../../schemas/cart-collections.js';
import { orderSchema } from '../../schemas/order.js';
import { quoteDocumentSchema } from '../../schemas/quote.js';
import { teamOrderDocSchema } from '../../schemas/team-order.js';
import { checkoutRecoveryDocSchema, emailOptOutDocSchema } from '../../schemas/recovery.js';
import { cartDiscountDocSchema } from '../../schemas/discount.js';
import { discountDocSchema, discountReservationDocSchema } from '../../schemas/discount-codes.js';
import { storedPrintfulProductSchema } from '../../providers/printful/stored-product.js';
import { syncRunSchema } from '../queues/product-sync.js';
import {
  currencyMarginDocSchema,
  exchangeRateDocSchema,
  localPriceOverrideDocSchema,
} from '../../domain/currency/documents.js';

// Every document store collection (docs/contracts.md#collections), named once here: reads and writes use
// `COLLECTIONS.x` rather than a string, and each name maps to the schema of its documents.

export const COLLECTIONS = {
  /** The storefront document of each sellable product (docs/rules.md#entities). */
  storeInventory: 'storeInventory',
  /** The searchable document of every synced product, archived ones included. */
  products: 'products',
  /** Printful's detail as last synced (the product sync's raw copy). */
  printfulProducts: 'printfulProducts',
  /** The margin guard's findings per product (docs/rules.md#money-at-checkout). */
  catalogMargins: 'catalogMargins',
  /** One record per product-sync run. */
  syncRuns: 'syncRuns',
  orders: 'orders',
  /** `counters/orders` holds the next order number. */
  counters: 'counters',
  userCarts: CART_COLLECTIONS.user,
  guestCarts: CART_COLLECTIONS.guest,
  /** Each Stripe and Printful webhook event received, recorded once by its id. */
  webhookEvents: 'webhookEvents',
  quotes: 'quotes',
  /** Discount codes the studio made (docs/rules.md#what-a-merch-shopper-expects), each mirrored in Stripe. */
  discounts: 'discounts',
  /** `cartDiscounts/{cart collection}:{cart id}`: the code applied to that cart. */
  cartDiscounts: 'cartDiscounts',
  /** `discountReservations/{order id}`: a use of a limited code taken by that order's checkout. */
  discountReservations: 'discountReservations',
  /** `users/{uid}`: written by the studio; `isAdmin: true` makes an admin (docs/rules.md#roles-and-permissions). */
  users: 'users',
  /** `welcomeEmails/{uid}`: the account's one welcome e-mail, once queued; written only through `api/src/services/account` (docs/rules.md#the-signed-in-shopper). */
  welcomeEmails: 'welcomeEmails',
  /** Team orders by link (docs/rules.md#team-orders), each with its members; written only through `server/team-orders`. */
  teamOrders: 'teamOrders',
  /** `checkoutRecoveries/{orderId}`: an expired checkout's one reminder e-mail (docs/recovery.md); written only through `server/recovery`. */
  checkoutRecoveries: 'checkoutRecoveries',
  /** `emailOptOuts/{sha256 of the address}`: addresses that unsubscribed; written only through `server/recovery`. */
  emailOptOuts: 'emailOptOuts',
  /** `exchangeRates/{currency}`: units per US dollar that price sales in that currency (docs/rules.md#local-prices). */
  exchangeRates: 'exchangeRates',
  /** `priceOverrides/{productId}`: a product's prices the studio set by hand per currency. */
  priceOverrides: 'priceOverrides',
  /** `currencyMargins/{currency}`: the variants a rate keeps off sale in that currency (docs/rules.md#local-prices). */
  currencyMargins: 'currencyMargins',
  /** Read (never written) by the Firestore health check. */
  health: 'health',
} as const;
export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/**
 * The collections the app's store takes: every one but `orders` and `teamOrders`. The API's
 * `app.store` and the worker's `ctx.store` are `DocumentStore<AppCollection>`, so naming either
 * through them does not compile; they are read and written only through their modules
 * (`server/orders`, `server/team-orders`), which alone are given the full store
 * (docs/architecture.md#one-writer-of-orders).
 */
export type AppCollection = Exclude<CollectionName, typeof COLLECTIONS.orders | typeof COLLECTIONS.teamOrders>;

/** The counter document of `counters`. */
export const counterDocSchema = z.object({ next: z.number().int() });

/** A recorded webhook event: the fields every provider's record carries. */
export const webhookEventDocSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  receivedAt: z.string(),
  outcome: z.string(),
});

/** A user's document; only the admin flag is read. */
export const userDocSchema = z.looseObject({ isAdmin: z.boolean().optional() });

/** An account's welcome mark: when its e-mail was queued. No address: the job carries that, and goes once done. */
export const welcomeEmailDocSchema = z.object({ queuedAt: z.string() });

/** The schema of every collection's documents; a new collection does not compile until it has one. */
export const COLLECTION_SCHEMAS = {
  // What the sync writes. The storefront reads these two raw on purpose (normaliseProductDoc):
  // docs/rules.md#entities gives defaults for a document that lacks fields, so parsing here would hide
  // products the shop must still show.
  [COLLECTIONS.storeInventory]: storefrontProductSchema,
  [COLLECTIONS.products]: productDocumentSchema,
  [COLLECTIONS.printfulProducts]: storedPrintfulProductSchema,
  [COLLECTIONS.catalogMargins]: catalogMarginDocSchema,
  [COLLECTIONS.syncRuns]: syncRunSchema,
  [COLLECTIONS.orders]: orderSchema,
  [COLLECTIONS.counters]: counterDocSchema,
  [COLLECTIONS.userCarts]: cartDocumentSchema,
  [COLLECTIONS.guestCarts]: cartDocumentSchema,
  [COLLECTIONS.webhookEvents]: webhookEventDocSchema,
  [COLLECTIONS.quotes]: quoteDocumentSchema,
  [COLLECTIONS.discounts]: discountDocSchema,
  [COLLECTIONS.cartDiscounts]: cartDiscountDocSchema,
  [COLLECTIONS.discountReservations]: discountReservationDocSchema,
  [COLLECTIONS.users]: userDocSchema,
  [COLLECTIONS.welcomeEmails]: welcomeEmailDocSchema,
  [COLLECTIONS.teamOrders]: teamOrderDocSchema,
  [COLLECTIONS.checkoutRecoveries]: checkoutRecoveryDocSchema,
  [COLLECTIONS.emailOptOuts]: emailOptOutDocSchema,
  [COLLECTIONS.exchangeRates]: exchangeRateDocSchema,
  [COLLECTIONS.priceOverrides]: localPriceOverrideDocSchema,
  [COLLECTIONS.currencyMargins]: currencyMarginDocSchema,
  [COLLECTIONS.health]: z.object({}),
} as const satisfies Record<CollectionName, z.ZodType>;
export type CollectionDoc<N extends CollectionName> = z.infer<(typeof COLLECTION_SCHEMAS)[N]>;
