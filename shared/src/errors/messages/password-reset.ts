import { PASSWORD_RESET_ADDRESS_WINDOW_MINUTES } from '../../constants/password-reset.js';

// Choosing a new password (docs/rules.md#validation): the request on /login, the answer of
// POST /api/auth/password-reset and the store's own page the e-mail's link opens.

/** The one answer to a reset request, whether or not the address has an account (docs/limits.md#account-enumeration). */
export const passwordResetSent = (address: string) =>
  `If an account exists for ${address}, a link to reset its password is on its way. Check your inbox.`;
export const passwordResetEmailInvalid = 'Enter a valid e-mail address.';
/** Counted per typed address, account or not, so it tells nothing about the account either. */
export const passwordResetAddressLimit = `A reset link was asked for this address several times in the last ${PASSWORD_RESET_ADDRESS_WINDOW_MINUTES} minutes. Use the newest e-mail, or try again later.`;
export const passwordResetLinkExpired = 'This link to choose a new password has expired. Ask for a new one below.';
export const passwordResetLinkUsed =
  'This link to choose a new password has already been used or is not complete. Ask for a new one below.';
export const passwordResetFailed = 'The new password could not be saved. Please try again.';
