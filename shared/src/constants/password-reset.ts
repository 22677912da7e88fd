// Choosing a new password from the store's own page (docs/rules.md#validation, docs/limits.md).

/**
 * POST /api/auth/password-reset per client a minute: a shopper retyping an address fits, a script
 * mailing strangers does not. Counted with the other per-route budgets (docs/limits.md).
 */
export const PASSWORD_RESET_PER_CLIENT_PER_MIN = 5;
/**
 * Reset e-mails one address may be sent in `PASSWORD_RESET_ADDRESS_WINDOW_MINUTES`, whoever asks and
 * whether or not it has an account: nobody can fill a stranger's inbox from many addresses.
 */
export const PASSWORD_RESET_PER_ADDRESS = 3;
export const PASSWORD_RESET_ADDRESS_WINDOW_MINUTES = 15;
/** The query parameter of the reset page's address that carries the identity provider's one-time code. */
export const PASSWORD_RESET_CODE_PARAM = 'oobCode';
/** The query parameter of the reset page's address naming the page to land on once signed in. */
export const PASSWORD_RESET_NEXT_PARAM = 'next';
