import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { allocate, discountAmount, type AppliedDiscount } from './discount-amounts.js';
import type { FormObject, FormValue } from './form-encoding.js';
import { shippingRates, taxBehaviour, taxOf, type SandboxShippingRate } from './shipping-and-tax.js';
import { belowMinimum, unpayableAmount, unsupportedCurrency } from './currencies.js';

// Checkout Session creation as Stripe validates it (docs/providers.md#stripe-checkout-sessions), limited to what
// a hosted payment-mode session needs. The object shapes are checked against the SDK's own types.

export type SandboxSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'after_expiration'
  | 'consent'
  | 'consent_collection'
  | 'amount_subtotal'
  | 'amount_total'
  | 'automatic_tax'
  | 'cancel_url'
  | 'client_reference_id'
  | 'collected_information'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'discounts'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'shipping_address_collection'
  | 'shipping_cost'
  | 'shipping_options'
  | 'status'
  | 'success_url'
  | 'total_details'
  | 'ui_mode'
  | 'url'
>;

/** The wire form of a line item; `unit_amount_decimal` travels as a string and the SDK wraps it. */
export type SandboxLineItem = Pick<
  Stripe.LineItem,
  | 'id'
  | 'object'
  | 'amount_discount'
  | 'amount_subtotal'
  | 'amount_tax'
  | 'amount_total'
  | 'currency'
  | 'description'
  | 'metadata'
  | 'quantity'
> & {
  price: Pick<
    Stripe.Price,
    'id' | 'object' | 'active' | 'currency' | 'livemode' | 'product' | 'tax_behavior' | 'type' | 'unit_amount'
  > & {
    unit_amount_decimal: string;
  };
};

export interface SessionRecord {
  session: SandboxSession;
  lineItems: SandboxLineItem[];
  /** The offered shipping options, in order; the first is preselected. */
  shippingRates: SandboxShippingRate[];
  /** The session's one coupon or promotion code (`discounts`), taken off the lines. */
  discount: AppliedDiscount | null;
  /** The Stripe-Version of the creating request: events are rendered in the endpoint's version. */
  apiVersion: string | null;
  /**
   * What the shopper chose on the page's promotions checkbox (shown only with
   * `consent_collection[promotions]=auto`) and the e-mail typed, before paying or leaving: the
   * session reports them as `consent` and `customer_details.email` once it completes or expires.
   */
  shopper: { promotions: 'opt_in' | 'opt_out' | null; email: string | null };
}

/** Stripe's error body `{ error: { type, message, param?, code? } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...(this.code ? { code: this.code } : {}),
      },
    };
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, param, code);
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

export const MIN_EXPIRY_S = 30 * 60;
export const MAX_EXPIRY_S = 24 * 60 * 60;
const KNOWN_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'customer_email',
  'metadata',
  'expires_at',
  'shipping_address_collection',
  'shipping_options',
  'automatic_tax',
  'ui_mode',
  'payment_method_types',
  'discounts',
  'expand',
  'after_expiration',
  'consent_collection',
  'currency',
]);

export function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0')}`;
}

function text(params: FormObject, key: string, param = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param} must be a string.`, param);
  return value;
}

function integer(raw: FormValue | undefined, param: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw))
    throw invalid(`Invalid integer: ${typeof raw === 'string' ? raw : param}`, param);
  return Number(raw);
}

function object(raw: FormValue | undefined, param: string): FormObject | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string' || Array.isArray(raw)) throw invalid(`Invalid object: ${param} must be a hash.`, param);
  return raw;
}

function list(raw: FormValue | undefined, param: string): FormValue[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!Array.isArray(raw)) throw invalid(`Invalid array: ${param} must be an array.`, param);
  return raw;
}

function url(raw: string | undefined, param: string): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = new URL(raw.replace('{CHECKOUT_SESSION_ID}', 'x'));
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
    return raw;
  } catch {
    throw invalid(`Not a valid URL`, param, 'url_invalid');
  }
}

/** Stripe metadata: at most 50 keys, keys up to 40 characters, string values up to 500. */
export function metadata(raw: FormValue | undefined, param: string): Record<string, string> {
  const value = object(raw, param) ?? {};
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', param);
  for (const [key, v] of entries) {
    if (typeof v !== 'string')
      throw invalid(`Invalid metadata value for ${key}: must be a string.`, `${param}[${key}]`);
    if (key.length > 40) throw invalid('Metadata keys can be at most 40 characters.', `${param}[${key}]`);
    if (v.length > 500) throw invalid('Metadata values can be at most 500 characters.', `${param}[${key}]`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

const EXPANDABLE = new Set(['line_items', 'shipping_cost.shipping_rate']);

/** The `expand` list of a request; the sandbox can expand `line_items` and `shipping_cost.shipping_rate`. */
export function expansions(params: FormObject): Set<string> {
  const raw = list(params.expand, 'expand') ?? [];
  const names = new Set<string>();
  for (const value of raw) {
    if (typeof value !== 'string' || !EXPANDABLE.has(value))
      throw invalid(`This property cannot be expanded (${String(value)}).`, 'expand');
    names.add(value as string);
  }
  return names;
}

function lineItem(raw: FormValue, index: number, sessionId: string): SandboxLineItem {
  const param = `line_items[${index}]`;
  const item = object(raw, param);
  if (!item) throw invalid(`Invalid object: ${param} must be a hash.`, param);
  if (item.price !== undefined)
    throw invalid(`No such price: '${String(item.price)}'`, `${param}[price]`, 'resource_missing');
  const priceData = object(item.price_data, `${param}[price_data]`);
  if (!priceData)
    throw invalid(`You must specify either \`price\` or \`price_data\` for each line item.`, `${param}[price_data]`);
  const currency = typeof priceData.currency === 'string' ? priceData.currency : undefined;
  if (!currency) throw missing(`${param}[price_data][currency]`);
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, `${param}[price_data][currency]`);
  const unsupported = unsupportedCurrency(currency);
  if (unsupported) throw invalid(unsupported, `${param}[price_data][currency]`);
  const unitAmount = integer(priceData.unit_amount, `${param}[price_data][unit_amount]`);
  if (unitAmount === undefined) throw missing(`${param}[price_data][unit_amount]`);
  if (unitAmount < 0 || unitAmount > 99_999_999)
    throw invalid('This value must be between 0 and 99999999.', `${param}[price_data][unit_amount]`);
  const unpayable = unpayableAmount(unitAmount, currency);
  if (unpayable) throw invalid(unpayable, `${param}[price_data][unit_amount]`);
  const productData = object(priceData.product_data, `${param}[price_data][product_data]`);
  if (!productData) throw missing(`${param}[price_data][product_data]`);
  const name = typeof productData.name === 'string' ? productData.name.trim() : '';
  if (!name) throw missing(`${param}[price_data][product_data][name]`);
  const behaviour = taxBehaviour(priceData.tax_behavior, `${param}[price_data][tax_behavior]`, invalid);
  const quantity = integer(item.quantity, `${param}[quantity]`);
  if (quantity === undefined) throw missing(`${param}[quantity]`);
  if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `${param}[quantity]`);
  const amount = unitAmount * quantity;
  return {
    id: randomId(`li_${sessionId.slice(8, 14)}`, 9),
    object: 'item',
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency,
    description: name,
    metadata: metadata(item.metadata, `${param}[metadata]`),
    quantity,
    price: {
      id: randomId('price_'),
      object: 'price',
      active: false,
      currency,
      livemode: false,
      product: randomId('prod_', 9),
      tax_behavior: behaviour,
      type: 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    },
  };
}

function boolean(raw: FormValue | undefined, param: string): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw invalid(`Invalid boolean: ${param}`, param);
  return raw === 'true';
}

function onlyKnown(value: FormObject, known: readonly string[], param: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw invalid(`Received unknown parameter: ${param}[${key}]`, `${param}[${key}]`);
  }
}

function oneOf<T extends string>(raw: FormValue | undefined, values: readonly T[], param: string): T | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !(values as readonly string[]).includes(raw))
    throw invalid(`Invalid ${param}: must be one of ${values.join(', or ')}`, param);
  return raw as T;
}

/**
 * `after_expiration[recovery]` (stripe-node SessionCreateParams.AfterExpiration): `enabled` is
 * required, `allow_promotion_codes` optional; the session reports both, with `url` and `expires_at`
 * filled in only once it expires.
 */
function afterExpiration(raw: FormValue | undefined): SandboxSession['after_expiration'] {
  const value = object(raw, 'after_expiration');
  if (!value) return null;
  onlyKnown(value, ['recovery'], 'after_expiration');
  const recovery = object(value.recovery, 'after_expiration[recovery]');
  if (!recovery) return null;
  onlyKnown(recovery, ['enabled', 'allow_promotion_codes'], 'after_expiration[recovery]');
  const enabled = boolean(recovery.enabled, 'after_expiration[recovery][enabled]');
  if (enabled === undefined) throw missing('after_expiration[recovery][enabled]');
  const allow = boolean(recovery.allow_promotion_codes, 'after_expiration[recovery][allow_promotion_codes]') ?? false;
  return { recovery: { enabled, allow_promotion_codes: allow, expires_at: null, url: null } };
}

/**
 * `consent_collection` (stripe-node SessionCreateParams.ConsentCollection): `promotions` is `auto`
 * or `none`; `terms_of_service: required` needs a terms URL in the Dashboard, which the sandbox's
 * account has not set, so Stripe's refusal is given.
 */
function consentCollection(raw: FormValue | undefined): SandboxSession['consent_collection'] {
  const value = object(raw, 'consent_collection');
  if (!value) return null;
  onlyKnown(value, ['promotions', 'terms_of_service', 'payment_method_reuse_agreement'], 'consent_collection');
  const promotions = oneOf(value.promotions, ['auto', 'none'] as const, 'consent_collection[promotions]') ?? null;
  const terms = oneOf(value.terms_of_service, ['none', 'required'] as const, 'consent_collection[terms_of_service]');
  if (terms === 'required')
    throw invalid(
      'You cannot collect consent to your terms of service unless a URL is set in the Stripe Dashboard. Update your public business details in the Dashboard to add a terms of service URL.',
      'consent_collection[terms_of_service]',
    );
  const reuse = object(value.payment_method_reuse_agreement, 'consent_collection[payment_method_reuse_agreement]');
  let position: 'auto' | 'hidden' | undefined;
  if (reuse) {
    onlyKnown(reuse, ['position'], 'consent_collection[payment_method_reuse_agreement]');
    position = oneOf(
      reuse.position,
      ['auto', 'hidden'] as const,
      'consent_collection[payment_method_reuse_agreement][position]',
    );
    if (!position) throw missing('consent_collection[payment_method_reuse_agreement][position]');
  }
  return {
    payment_method_reuse_agreement: position ? { position } : null,
    promotions,
    terms_of_service: terms ?? 'none',
  };
}

/** Validates `POST /v1/checkout/sessions` parameters and builds the open session. */
export function createSession(
  params: FormObject,
  options: {
    payUrl: (id: string) => string;
    now: number;
    apiVersion: string | null;
    taxActivated?: boolean;
    /** Resolves `discounts` against the sandbox's coupons and promotion codes (discounts.ts). */
    resolveDiscount?: (raw: FormValue | undefined, subtotal: number, currency: string) => AppliedDiscount | null;
  },
): SessionRecord {
  for (const key of Object.keys(params)) {
    if (!KNOWN_PARAMS.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  const mode = text(params, 'mode');
  if (!mode) throw missing('mode');
  if (mode !== 'payment')
    throw invalid(`Invalid mode: the Stripe sandbox supports only payment (got ${mode}).`, 'mode');
  const uiMode = text(params, 'ui_mode') ?? 'hosted_page';
  if (uiMode !== 'hosted_page' && uiMode !== 'hosted')
    throw invalid(`Invalid ui_mode: the Stripe sandbox serves only the hosted page (got ${uiMode}).`, 'ui_mode');
  const successUrl = url(text(params, 'success_url'), 'success_url');
  if (!successUrl) throw missing('success_url');
  const cancelUrl = url(text(params, 'cancel_url'), 'cancel_url') ?? null;
  const methods = list(params.payment_method_types, 'payment_method_types') ?? ['card'];
  if (methods.some((m) => m !== 'card'))
    throw invalid('The Stripe sandbox accepts only payment_method_types[]=card.', 'payment_method_types');

  const clientReferenceId = text(params, 'client_reference_id') ?? null;
  if (clientReferenceId !== null && (clientReferenceId.length === 0 || clientReferenceId.length > 200))
    throw invalid('client_reference_id must be 1 to 200 characters.', 'client_reference_id');
  const customerEmail = text(params, 'customer_email') ?? null;
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail))
    throw invalid(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');

  const created = Math.floor(options.now / 1000);
  const expiresAt = integer(params.expires_at, 'expires_at') ?? created + MAX_EXPIRY_S;
  if (expiresAt - created < MIN_EXPIRY_S)
    throw invalid(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  if (expiresAt - created > MAX_EXPIRY_S)
    throw invalid(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );

  const shipping = object(params.shipping_address_collection, 'shipping_address_collection');
  let allowedCountries: string[] | null = null;
  if (shipping) {
    const countries = list(shipping.allowed_countries, 'shipping_address_collection[allowed_countries]');
    if (!countries?.length) throw missing('shipping_address_collection[allowed_countries]');
    allowedCountries = countries.map((c, i) => {
      if (typeof c !== 'string' || !/^[A-Z]{2}$/.test(c))
        throw invalid(`Invalid country: ${String(c)}`, `shipping_address_collection[allowed_countries][${i}]`);
      return c;
    });
  }

  const id = randomId('cs_test_', 24);
  const rawItems = list(params.line_items, 'line_items');
  if (!rawItems?.length) throw missing('line_items');
  if (rawItems.length > 100) throw invalid('You may only specify up to 100 line items.', 'line_items');
  const lineItems = rawItems.map((raw, i) => lineItem(raw, i, id));
  const currency = lineItems[0].currency;
  const other = lineItems.findIndex((li) => li.currency !== currency);
  if (other >= 0)
    throw invalid('All line items must use the same currency.', `line_items[${other}][price_data][currency]`);
  // The session's own `currency`, when given, must be the lines' (Stripe refuses a mix).
  const sessionCurrency = text(params, 'currency');
  if (sessionCurrency !== undefined && sessionCurrency.toLowerCase() !== currency)
    throw invalid(
      `The currency of the session (${sessionCurrency}) must match the line items' currency (${currency}).`,
      'currency',
    );
  const total = lineItems.reduce((sum, li) => sum + li.amount_total, 0);
  const rates = shippingRates(params.shipping_options, {
    currency,
    created,
    invalid,
    randomId: (prefix) => randomId(prefix, 12),
    metadata,
  });
  const taxParam = object(params.automatic_tax, 'automatic_tax');
  if (taxParam && taxParam.enabled === undefined) throw missing('automatic_tax[enabled]');
  if (taxParam && taxParam.enabled !== 'true' && taxParam.enabled !== 'false')
    throw invalid('Invalid boolean: automatic_tax[enabled]', 'automatic_tax[enabled]');
  const taxEnabled = taxParam?.enabled === 'true';
  if (taxEnabled && options.taxActivated !== true)
    throw invalid(
      'Stripe Tax has not been activated on your account. Please visit https://stripe.com/docs/tax/set-up to get started.',
      'automatic_tax[enabled]',
    );

  if (params.discounts !== undefined && !options.resolveDiscount)
    throw invalid('The Stripe sandbox was started without coupons.', 'discounts');
  const discount = options.resolveDiscount?.(params.discounts, total, currency) ?? null;
  // Stripe checks the minimum charge on what the shopper would pay before shipping and tax.
  const due = total - (discount ? discountAmount(discount.coupon, total) : 0);
  const tooSmall = belowMinimum(due, currency);
  if (tooSmall) throw invalid(tooSmall, 'line_items', 'amount_too_small');
  const recovery = afterExpiration(params.after_expiration);
  const consent = consentCollection(params.consent_collection);

  const record: SessionRecord = {
    apiVersion: options.apiVersion,
    shopper: { promotions: null, email: null },
    lineItems,
    discount,
    shippingRates: rates,
    session: {
      id,
      object: 'checkout.session',
      after_expiration: recovery,
      consent: null,
      consent_collection: consent,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: {
        enabled: taxEnabled,
        liability: null,
        provider: taxEnabled ? 'stripe' : null,
        // Stripe computes tax once the shopper has entered an address.
        status: taxEnabled ? 'requires_location_inputs' : null,
      },
      cancel_url: cancelUrl,
      client_reference_id: clientReferenceId,
      collected_information: null,
      created,
      currency,
      customer: null,
      customer_details: null,
      customer_email: customerEmail,
      discounts: discount ? [{ coupon: discount.coupon.id, promotion_code: discount.promotionCode?.id ?? null }] : [],
      expires_at: expiresAt,
      livemode: false,
      metadata: metadata(params.metadata, 'metadata'),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      shipping_address_collection: allowedCountries
        ? { allowed_countries: allowedCountries as Stripe.Checkout.Session.ShippingAddressCollection.AllowedCountry[] }
        : null,
      shipping_cost: null,
      shipping_options: rates.map((r) => ({ shipping_amount: r.fixed_amount.amount, shipping_rate: r.id })),
      status: 'open',
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: options.payUrl(id),
    },
  };
  settle(record, rates[0]?.id ?? null, false);
  return record;
}

/**
 * Puts the discount, the chosen shipping option (the first is preselected) and, once the address
 * is known (`located`), the sandbox's fixed tax into the session's amounts, as Stripe reports them.
 */
export function settle(record: SessionRecord, shippingRateId: string | null, located: boolean): void {
  const { session, lineItems } = record;
  const rate = record.shippingRates.find((r) => r.id === shippingRateId) ?? null;
  const taxing = session.automatic_tax.enabled && located;
  const country = session.collected_information?.shipping_details?.address?.country ?? null;
  const subtotal = lineItems.reduce((sum, li) => sum + li.amount_subtotal, 0);
  // The discount comes off the lines (never shipping), in proportion, before tax.
  const discount = record.discount ? discountAmount(record.discount.coupon, subtotal) : 0;
  const shares = allocate(
    discount,
    lineItems.map((li) => li.amount_subtotal),
  );
  let lineTax = 0;
  lineItems.forEach((li, i) => {
    li.amount_discount = shares[i];
    const discounted = li.amount_subtotal - li.amount_discount;
    li.amount_tax = taxing ? taxOf(discounted, li.price.tax_behavior, country) : 0;
    const added = li.price.tax_behavior === 'inclusive' ? 0 : li.amount_tax;
    li.amount_total = discounted + added;
    lineTax += li.amount_tax;
  });
  const shipping = rate?.fixed_amount.amount ?? 0;
  const shippingTax = rate && taxing ? taxOf(shipping, rate.tax_behavior, country) : 0;
  const addedTax =
    lineItems.reduce((sum, li) => sum + (li.price.tax_behavior === 'inclusive' ? 0 : li.amount_tax), 0) +
    (rate?.tax_behavior === 'inclusive' ? 0 : shippingTax);
  session.shipping_cost = rate
    ? {
        amount_subtotal: shipping,
        amount_tax: shippingTax,
        amount_total: shipping + (rate.tax_behavior === 'inclusive' ? 0 : shippingTax),
        shipping_rate: rate.id,
      }
    : null;
  session.total_details = {
    amount_discount: discount,
    // Stripe reports shipping before tax here; amount_tax holds the tax on lines and shipping.
    amount_shipping: shipping,
    amount_tax: lineTax + shippingTax,
  };
  session.amount_subtotal = subtotal;
  session.amount_total = subtotal - discount + shipping + addedTax;
  if (session.automatic_tax.enabled) session.automatic_tax.status = located ? 'complete' : 'requires_location_inputs';
}
