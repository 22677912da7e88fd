// The abandoned-checkout e-mail's links (docs/recovery.md): restoring the cart and unsubscribing.

export const recoveryLinkInvalid =
  'This link to your cart is not complete: open it straight from the e-mail, or copy the whole address';
export const recoveryLinkUnknown = 'This link to your cart is no longer valid; your cart is where you left it';
export const recoveryItemsRetired = (names: readonly string[]) =>
  `No longer sold, so left out of your cart: ${names.join(', ')}`;
export const recoveryAlreadyPaid = (number: string | null) =>
  `You already paid for this cart${number ? ` (order ${number})` : ''}, so nothing was added to your cart. Your order's e-mail has its details.`;
export const recoveryNothingLeft = 'Nothing from that cart is sold any more, so your cart was left as it was';
export const unsubscribeLinkInvalid =
  'This unsubscribe link is not complete: open it straight from the e-mail, or copy the whole address';
export const unsubscribeLinkUnknown = 'This unsubscribe link is not one we sent';
