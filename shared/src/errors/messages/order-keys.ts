// Who may change or cancel an order (docs/after-payment.md#who-may-change-an-order): the buyer's
// keys, the one-time code, the undo link of a change e-mail, and a limited code's held uses.

// The same words whether or not the number and e-mail address match: the refusal confirms nothing.
export const orderNeedsKey =
  'To change or cancel an order, open it from the link in your confirmation e-mail, sign in to the account you ordered with, or ask for a code sent to the order’s e-mail address. Nothing was changed.';
export const orderCodeSent =
  'If this order number and e-mail address match an order, we have sent a 6-digit code to that address. It works once, for 15 minutes.';
export const orderCodeInvalid = 'Enter the 6-digit code from the e-mail we sent you.';
export const orderCodeWrong =
  'This code is wrong, used or expired. Check the latest e-mail we sent you, or ask for a new code.';
export const orderUndoStale =
  'This change can no longer be undone here: the order was changed again since, or is on its way to print. Open the order to see it as it is now.';
export const orderUndoNotAddress = 'Only an address change can be undone from its e-mail; nothing was changed.';
// A limited code whose every use is held by open, unpaid checkouts (docs/limits.md#discount-codes-uses-held-by-open-checkouts).
export const discountHeldForNow = (minutes: number) =>
  `This code is used up for now: its last uses are held by other shoppers' unfinished checkouts. One frees up if it is not paid within ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}: try again then, or remove the code to check out without it.`;
export const discountHoldsPerClient = (count: number, minutes: number) =>
  `You already have ${count} unfinished checkouts holding a limited code. Finish or leave one of them (each lapses on its own within ${minutes} minutes of being opened), then try again.`;
// Names and addresses with characters that do not print (schemas/plain-text.ts).
export const textNotPlain = (field: string) =>
  `${field}: remove line breaks, tabs and hidden or direction-changing characters; nothing was saved.`;
