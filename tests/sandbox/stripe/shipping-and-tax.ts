import type Stripe from 'stripe';
import type { FormObject, FormValue } from './form-encoding.js';
import { VAT_RATES } from '@shop/shared/domain/currency';

// Checkout's shipping options and automatic tax as the sandbox models them (docs/providers.md#stripe-checkout-sessions): up to 5 inline `shipping_rate_data` options become ShippingRate
// objects, the first preselected; the shopper may pick another on the hosted page. Automatic tax
// is the destination's standard VAT/GST rate where one applies (the EU, the UK, Australia), else a
// fixed, labelled rate (SANDBOX_TAX), on the lines and the shipping, reported as Stripe does in
// `shipping_cost`, `total_details` and each line's `amount_tax`; an `inclusive` price keeps its
// amount and has the tax carved out of it.

/** The sandbox's stand-in for Stripe Tax outside VAT/GST countries: one rate, named so nobody takes it for real. */
export const SANDBOX_TAX = { percentage: 8.25, label: 'Sandbox sales tax (fixed 8.25%)' } as const;

export type SandboxShippingRate = Pick<
  Stripe.ShippingRate,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'delivery_estimate'
  | 'display_name'
  | 'livemode'
  | 'metadata'
  | 'tax_behavior'
  | 'tax_code'
  | 'type'
> & { fixed_amount: { amount: number; currency: string } };

export type TaxBehavior = 'exclusive' | 'inclusive' | 'unspecified';

type Invalid = (message: string, param?: string, code?: string) => Error;

const UNITS = new Set(['business_day', 'day', 'hour', 'week', 'month']);
const BEHAVIOURS = new Set(['exclusive', 'inclusive', 'unspecified']);

function asObject(raw: FormValue | undefined): FormObject | undefined {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : undefined;
}

export function taxBehaviour(raw: FormValue | undefined, param: string, invalid: Invalid): TaxBehavior | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !BEHAVIOURS.has(raw))
    throw invalid(`Invalid tax_behavior: must be one of exclusive, inclusive or unspecified`, param);
  return raw as TaxBehavior;
}

function estimateBound(raw: FormValue | undefined, param: string, invalid: Invalid) {
  const bound = asObject(raw);
  if (!bound) return null;
  const value = Number(bound.value);
  if (typeof bound.unit !== 'string' || !UNITS.has(bound.unit))
    throw invalid('Invalid unit: must be one of business_day, day, hour, week or month', `${param}[unit]`);
  if (!Number.isInteger(value) || value <= 0) throw invalid('This value must be greater than 0.', `${param}[value]`);
  return { unit: bound.unit as Stripe.ShippingRate.DeliveryEstimate.Maximum.Unit, value };
}

/** `shipping_options[]` of a session create request. */
export function shippingRates(
  raw: FormValue | undefined,
  ctx: {
    currency: string;
    created: number;
    invalid: Invalid;
    randomId: (prefix: string) => string;
    metadata: (raw: FormValue | undefined, param: string) => Record<string, string>;
  },
): SandboxShippingRate[] {
  if (raw === undefined || raw === '') return [];
  if (!Array.isArray(raw)) throw ctx.invalid('Invalid array: shipping_options must be an array.', 'shipping_options');
  if (raw.length > 5) throw ctx.invalid('You may only specify up to 5 shipping options.', 'shipping_options');
  return raw.map((entry, i) => {
    const param = `shipping_options[${i}]`;
    const option = asObject(entry);
    if (!option) throw ctx.invalid(`Invalid object: ${param} must be a hash.`, param);
    if (option.shipping_rate !== undefined)
      throw ctx.invalid(
        `No such shipping rate: '${String(option.shipping_rate)}'`,
        `${param}[shipping_rate]`,
        'resource_missing',
      );
    const data = asObject(option.shipping_rate_data);
    if (!data)
      throw ctx.invalid(
        `Missing required param: ${param}[shipping_rate_data].`,
        `${param}[shipping_rate_data]`,
        'parameter_missing',
      );
    const p = `${param}[shipping_rate_data]`;
    if (data.type !== undefined && data.type !== 'fixed_amount')
      throw ctx.invalid('Invalid type: must be fixed_amount', `${p}[type]`);
    const name = typeof data.display_name === 'string' ? data.display_name.trim() : '';
    if (!name)
      throw ctx.invalid(`Missing required param: ${p}[display_name].`, `${p}[display_name]`, 'parameter_missing');
    if (name.length > 100) throw ctx.invalid('display_name must be at most 100 characters.', `${p}[display_name]`);
    const fixed = asObject(data.fixed_amount);
    if (!fixed)
      throw ctx.invalid(`Missing required param: ${p}[fixed_amount].`, `${p}[fixed_amount]`, 'parameter_missing');
    const amount = typeof fixed.amount === 'string' && /^\d+$/.test(fixed.amount) ? Number(fixed.amount) : NaN;
    if (!Number.isInteger(amount) || amount < 0)
      throw ctx.invalid('Invalid non-negative integer', `${p}[fixed_amount][amount]`);
    if (fixed.currency !== ctx.currency)
      throw ctx.invalid(
        `The shipping rate currency (${String(fixed.currency)}) must match the session currency (${ctx.currency}).`,
        `${p}[fixed_amount][currency]`,
      );
    const estimate = asObject(data.delivery_estimate);
    return {
      id: ctx.randomId('shr_'),
      object: 'shipping_rate',
      active: true,
      created: ctx.created,
      delivery_estimate: estimate
        ? {
            minimum: estimateBound(estimate.minimum, `${p}[delivery_estimate][minimum]`, ctx.invalid),
            maximum: estimateBound(estimate.maximum, `${p}[delivery_estimate][maximum]`, ctx.invalid),
          }
        : null,
      display_name: name,
      fixed_amount: { amount, currency: ctx.currency },
      livemode: false,
      metadata: ctx.metadata(data.metadata, `${p}[metadata]`),
      tax_behavior: taxBehaviour(data.tax_behavior, `${p}[tax_behavior]`, ctx.invalid),
      tax_code: typeof data.tax_code === 'string' ? data.tax_code : null,
      type: 'fixed_amount',
    };
  });
}

/** Tax in an amount: added on top (exclusive, or unspecified, as a Dashboard default would) or carved out (inclusive). */
export function taxOf(amount: number, behaviour: string | null, country?: string | null): number {
  // Where the law asks for VAT or GST (the EU, the UK, Australia...), Stripe Tax takes the
  // destination's own standard rate; elsewhere the sandbox's fixed, labelled sales tax.
  const rate = (VAT_RATES[country?.toUpperCase() ?? ''] ?? SANDBOX_TAX.percentage) / 100;
  if (behaviour === 'inclusive') return Math.round(amount - amount / (1 + rate));
  return Math.round(amount * rate);
}
