// The abandoned-checkout e-mail (docs/recovery.md).

/** Random bytes in a restore or unsubscribe token: 32 bytes (256 bits), 43 url-safe base64 characters. */
export const RECOVERY_TOKEN_BYTES = 32;
/** The restore page, under the store: `/store/cart/restore/<token>`. */
export const RECOVERY_RESTORE_PATH = '/store/cart/restore';
/** The one-click unsubscribe (RFC 8058): POST unsubscribes, GET shows a page with a button. */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';
/** The id of the `notifications` queue's checkout-recovery job: one per pending order, however often the event comes. */
export const checkoutRecoveryJobId = (orderId: string) => `checkout-recovery-${orderId}`;
