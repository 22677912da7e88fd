import { z } from 'zod';
import type { Catalogue } from './catalog.js';
import { OrderError } from './orders.js';

// v1 `POST /shipping/rates` (docs/providers.md#printful-shipping-rates): `{recipient, items[]}` in, a
// list of `ShippingInfo` out. State is required for US, CA and AU; expedited methods are priced
// only when a zip is given. Prices are made up but deterministic: a base per destination zone
// plus a fixed amount per extra item, so tests and the demo can predict them.

const recipientSchema = z.looseObject({
  country_code: z.string().regex(/^[A-Za-z]{2}$/, 'Invalid country code'),
  state_code: z.string().nullish(),
  zip: z.union([z.string(), z.number()]).nullish(),
  address1: z.string().nullish(),
  city: z.string().nullish(),
});

const itemSchema = z.looseObject({
  variant_id: z.union([z.number().int(), z.string().regex(/^\d+$/)]).optional(),
  external_variant_id: z.string().optional(),
  warehouse_product_variant_id: z.union([z.number().int(), z.string()]).optional(),
  quantity: z.number().int().min(1),
  value: z.string().optional(),
});

const ratesRequestSchema = z.looseObject({
  recipient: recipientSchema,
  items: z.array(itemSchema).min(1),
  currency: z.string().optional(),
  locale: z.enum(['en_US', 'es_ES']).optional(),
});

export const STATE_REQUIRED_COUNTRIES = new Set(['US', 'CA', 'AU']);

// Printful refuses a recipient it cannot ship to with a 400 naming the recipient. The sandbox
// knows the US states and territories Printful's address form offers; any other US state code is
// such a refusal.
const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP AA AE AP'
  ).split(' '),
);

interface Zone {
  base: number;
  perExtraItem: number;
  days: [number, number];
  /** Null: no expedited method to this zone. */
  fast: { base: number; perExtraItem: number; days: [number, number] } | null;
}

const EU = ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'SE'];
function zoneOf(country: string): Zone {
  if (country === 'US')
    return { base: 4.75, perExtraItem: 2.2, days: [3, 6], fast: { base: 12.99, perExtraItem: 3, days: [1, 3] } };
  if (country === 'CA')
    return { base: 8.49, perExtraItem: 2.5, days: [5, 10], fast: { base: 19.99, perExtraItem: 4, days: [2, 5] } };
  if (country === 'GB' || EU.includes(country))
    return { base: 5.99, perExtraItem: 2.25, days: [4, 8], fast: { base: 15.99, perExtraItem: 3.5, days: [2, 4] } };
  if (country === 'AU' || country === 'NZ')
    return { base: 7.99, perExtraItem: 2.75, days: [6, 12], fast: { base: 21.99, perExtraItem: 4.5, days: [3, 6] } };
  return { base: 11.99, perExtraItem: 3.5, days: [10, 20], fast: null };
}

/**
 * UK postcodes carriers price as remote (Northern Ireland, the Highlands and islands, the Channel
 * Islands, Man): each method costs REMOTE_SURCHARGE more there, so an address corrected within one
 * country can cost more, or less, to ship.
 */
const GB_REMOTE_POSTCODE = /^(BT|HS|ZE|KW|IV|JE|GY|IM)\d/i;
const REMOTE_SURCHARGE = 3;

const money = (n: number) => n.toFixed(2);
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface ShippingInfo {
  id: string;
  name: string;
  rate: string;
  currency: string;
  minDeliveryDays: number;
  maxDeliveryDays: number;
  minDeliveryDate: string;
  maxDeliveryDate: string;
}

/** Summed quantity of a request body, or 0 when it is not a list of items (for the rate limit). */
export function quotedQuantity(body: unknown): number {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return 0;
  return items.reduce((sum: number, i) => sum + (Number((i as { quantity?: unknown })?.quantity) || 0), 0);
}

/**
 * What one US dollar is in the currencies the sandbox converts to (fixed, made up). Printful
 * answers in the store's default currency unless the request names `currency`.
 */
const PER_DOLLAR: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.37, AUD: 1.52 };

/**
 * `requireStreet`: v1's AddressInfo lists `address1`, `city` and `country_code` as required, and
 * the sandbox then refuses a recipient without them as that schema says: a 400 in Printful's error
 * envelope naming the missing field, before it looks at the place. Off, it takes a country-level
 * quote as Printful's own SDK example sends (docs/fidelity.md; only a live call settles which).
 */
export function shippingRates(
  catalogue: Catalogue,
  body: unknown,
  storeCurrency = 'USD',
  { requireStreet = false }: { requireStreet?: boolean } = {},
): ShippingInfo[] {
  const parsed = ratesRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OrderError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const { recipient, items } = parsed.data;
  const currency = (parsed.data.currency ?? storeCurrency).toUpperCase();
  const perDollar = PER_DOLLAR[currency];
  if (perDollar === undefined) throw new OrderError(400, `Currency "${parsed.data.currency}" is not supported`);
  const country = recipient.country_code.toUpperCase();
  // Worded like the sandbox's other recipient refusals (Printful publishes no text for this one).
  if (requireStreet && !recipient.address1?.trim()) throw new OrderError(400, 'Recipient: Address is missing');
  if (requireStreet && !recipient.city?.trim()) throw new OrderError(400, 'Recipient: City is missing');
  if (STATE_REQUIRED_COUNTRIES.has(country) && !recipient.state_code)
    throw new OrderError(400, 'Recipient: State code is missing');
  if (country === 'US' && !US_STATES.has(String(recipient.state_code).toUpperCase()))
    throw new OrderError(400, `Recipient: We can't ship to the state "${recipient.state_code}"`);
  items.forEach((item, index) => {
    const found =
      item.variant_id !== undefined
        ? catalogue.findVariant((v) => v.catalogVariantId === Number(item.variant_id))
        : item.external_variant_id !== undefined
          ? catalogue.findVariant((v) => v.externalId === item.external_variant_id)
          : undefined;
    if (!found) throw new OrderError(400, `Item ${index}: Variant not found`);
  });
  const quantity = items.reduce((sum, i) => sum + i.quantity, 0);
  const zone = zoneOf(country);
  const remote = country === 'GB' && GB_REMOTE_POSTCODE.test(String(recipient.zip ?? '').trim()) ? REMOTE_SURCHARGE : 0;
  const method = (id: string, label: string, base: number, perExtra: number, [min, max]: [number, number]) => ({
    id,
    name: `${label} (Estimated delivery: ${dateIn(min).slice(5)}–${dateIn(max).slice(5)})`,
    rate: money((base + remote + perExtra * (quantity - 1)) * perDollar),
    currency,
    minDeliveryDays: min,
    maxDeliveryDays: max,
    minDeliveryDate: dateIn(min),
    maxDeliveryDate: dateIn(max),
  });
  const rates = [method('STANDARD', 'Flat Rate', zone.base, zone.perExtraItem, zone.days)];
  // An expedited price depends on the exact area, so Printful quotes it only with a zip.
  if (zone.fast && recipient.zip)
    rates.push(method('PRINTFUL_FAST', 'Express', zone.fast.base, zone.fast.perExtraItem, zone.fast.days));
  return rates;
}
