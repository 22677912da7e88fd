import { z } from 'zod';
import { MESSAGES } from '../errors/index.js';
import { CART_COLLECTIONS } from './cart-collections.js';

// The abandoned-checkout e-mail (docs/recovery.md, docs/contracts.md#abandoned-checkouts): its job, the
// restore and unsubscribe links' tokens, the restore route's answer and the two stored documents.

/** 32 random bytes as url-safe base64 (256 bits): the restore and unsubscribe links' tokens. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
export const recoveryTokenSchema = z.string().regex(tokenPattern, { error: MESSAGES.recoveryLinkInvalid });
export const unsubscribeTokenSchema = z.string().regex(tokenPattern, { error: MESSAGES.unsubscribeLinkInvalid });

/** POST /api/cart/restore */
export const restoreCartBodySchema = z.object({ token: recoveryTokenSchema });
export type RestoreCartBody = z.infer<typeof restoreCartBodySchema>;

/** Lines put back, the names left out because they are no longer sold, and the sentence saying so. */
export const restoreCartResultSchema = z.object({
  restored: z.number().int().nonnegative(),
  leftOut: z.array(z.string()),
  notice: z.string().nullable(),
  /** Set when the cart this link brings back was paid since: nothing was restored (the order's number, else ""). */
  paidOrderNumber: z.string().optional(),
});
export type RestoreCartResult = z.infer<typeof restoreCartResultSchema>;

/** /api/email/unsubscribe?token=... (GET shows the page, POST unsubscribes). */
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

/** The delayed `checkout-recovery` job on the notifications queue. */
export const checkoutRecoveryJobDataSchema = z.object({ orderId: z.string().min(1) });
export type CheckoutRecoveryJobData = z.infer<typeof checkoutRecoveryJobDataSchema>;

const cartRefSchema = z.object({ collection: z.enum([CART_COLLECTIONS.user, CART_COLLECTIONS.guest]), id: z.string() });

/**
 * `checkoutRecoveries/{orderId}`: one expired checkout whose shopper agreed to hear from the shop.
 * Tokens are kept only as their SHA-256, so reading the store gives nobody a working link.
 */
export const checkoutRecoveryDocSchema = z.object({
  orderId: z.string(),
  email: z.string(),
  /** The cart the expired checkout came from. */
  cart: cartRefSchema,
  /** The Stripe session that expired, and when the e-mail is due (ISO). */
  sessionId: z.string(),
  sendAfter: z.string(),
  createdAt: z.string(),
  /** Set once, when the one e-mail is handed to the mail transport. */
  sentAt: z.string().nullable(),
  /** Why no e-mail went out (paid meanwhile, unsubscribed, a newer checkout...); null while due or once sent. */
  skipped: z.string().nullable(),
  tokenHash: z.string().nullable(),
  unsubscribeTokenHash: z.string().nullable(),
  /** The last time the link rebuilt a cart, and which cart. */
  restoredAt: z.string().nullable(),
  restoredTo: cartRefSchema.nullable(),
  /** The order paid from the restored cart: the sales report's recovered orders. */
  recoveredOrderId: z.string().nullable(),
  recoveredAt: z.string().nullable(),
  recoveredTotal: z.number().nonnegative().nullable(),
});
export type CheckoutRecoveryDoc = z.infer<typeof checkoutRecoveryDocSchema>;

/** `emailOptOuts/{sha256 of the lower-cased address}`: this address gets no more abandoned-checkout e-mails. */
export const emailOptOutDocSchema = z.object({
  email: z.string(),
  optedOutAt: z.string(),
  /** `one-click`: the mail client's List-Unsubscribe-Post; `page`: the button on the unsubscribe page. */
  source: z.enum(['one-click', 'page']),
});
export type EmailOptOutDoc = z.infer<typeof emailOptOutDocSchema>;
