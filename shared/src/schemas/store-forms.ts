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

/** A path on this site to go back to: never another site (`//host`, `/\host`) or a scheme. */
export const sitePathSchema = z
  .string()
  .max(2000)
  .refine((p) => p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\'), 'Expected a path on this site');

/** POST /consent: the cookie banner's choice, and the page it was made on. */
export const consentFormSchema = z.preprocess(
  formFields,
  z.object({ choice: z.enum(CONSENT_VALUES), return: sitePathSchema.optional() }),
);
export type ConsentForm = z.infer<typeof consentFormSchema>;
