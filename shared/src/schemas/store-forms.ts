import { z } from 'zod';
import { CONSENT_VALUES } from '../constants/index.js';
import { cartLineRequestSchema, setCartItemQuantityBodySchema } from './cart.js';
import { shippingDestinationSchema } from './shipping.js';

// The server-rendered pages' plain HTML forms (their addresses: FORM_ACTIONS in pages/paths.ts).
// A form sends every value as text and an unchosen field as an empty string; these schemas turn
// that into the JSON API's body and then apply the JSON API's own schema, so a form post is held
// to exactly the same rules as the app's request.

/** An empty field is an absent one; anything else is left for the JSON schema to judge. */
const blankToAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A whole number written in a form field; anything else stays text, which the number schema refuses. */
const formNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d{1,6}\s*$/.test(value) ? Number(value) : blankToAbsent(value);

function formFields(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, blankToAbsent(value)]));
}

/** POST /store/cart/add: the product form (productId, size, color, quantity), as POST /api/cart/items. */
export const cartAddFormSchema = z.preprocess((body) => {
  const fields = formFields(body);
  return { ...fields, quantity: formNumber(fields.quantity ?? '1') };
}, cartLineRequestSchema);
export type CartAddForm = z.infer<typeof cartAddFormSchema>;

/**
 * POST /store/cart/update: one cart line's form. `quantity` as PATCH /api/cart/items/:itemId
 * (zero or less removes the line); the Remove button sends `remove`.
 */
export const cartUpdateFormSchema = z.preprocess(
  (body) => {
    const fields = formFields(body);
    return { ...fields, quantity: fields.remove !== undefined ? 0 : formNumber(fields.quantity) };
  },
  z.object({ itemId: z.string().min(1).max(200) }).extend(setCartItemQuantityBodySchema.shape),
);
export type CartUpdateForm = z.infer<typeof cartUpdateFormSchema>;

/** POST /store/checkout: where to ship, as `shipping` of POST /api/checkout/sessions. */
export const checkoutFormSchema = z.preprocess((body) => {
  const { country, state, zip } = formFields(body);
  return { country, state, zip };
}, shippingDestinationSchema);

const SITE_PATH_MESSAGE = 'Expected a path on this site';
// Resolved against a placeholder origin: a path of this site keeps it, anything a browser would
// read as another site (`//host`, `/\host`, a scheme) does not.
const PLACEHOLDER_ORIGIN = 'http://site.invalid';

/** The path as a browser would follow it, or null when it leaves the site. */
function ownPath(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  try {
    const url = new URL(path, PLACEHOLDER_ORIGIN);
    return url.origin === PLACEHOLDER_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * A path on this site to go back to, in its normal form (dot segments resolved, non-ASCII
 * percent-encoded). Never another site (`//host`, `/\host`, a scheme), and no whitespace or
 * control characters: browsers drop a tab or line break (`/<tab>/evil.example/` is
 * `//evil.example/`), and a Location header cannot carry them.
 */
export const sitePathSchema = z
  .string()
  .max(2000)
  .refine((p) => !/[\s\p{C}]/u.test(p), SITE_PATH_MESSAGE)
  .transform((p, ctx) => {
    const own = ownPath(p);
    if (own === null) {
      ctx.addIssue({ code: 'custom', message: SITE_PATH_MESSAGE });
      return z.NEVER;
    }
    return own;
  });

/** POST /consent: the cookie banner's choice, and the page it was made on. */
export const consentFormSchema = z.preprocess(
  formFields,
  z.object({ choice: z.enum(CONSENT_VALUES), return: sitePathSchema.optional() }),
);
export type ConsentForm = z.infer<typeof consentFormSchema>;
