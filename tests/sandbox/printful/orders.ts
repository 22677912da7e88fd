import { z } from 'zod';
import { postalCodeRequired } from '@shop/shared/schemas';
import { printfulCallAllowed } from '@shop/shared/providers/printful/rules';
import type { Catalogue } from './catalog.js';

// Printful v1 orders (docs/providers.md#printful-orders): draft by default, `confirm` moves an order to
// pending, `external_id` is unique per store (a duplicate is refused unless update_existing, even
// when the earlier order was cancelled). Which call is taken from which status is Printful's order
// model (@shop/shared/providers/printful/rules, docs/fidelity.md#printful-order-states).

const recipientSchema = z.looseObject({
  name: z.string().min(1),
  address1: z.string().min(1),
  address2: z.string().nullish(),
  city: z.string().min(1),
  state_code: z.string().nullish(),
  country_code: z.string().length(2),
  zip: z.string().min(1).nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
});

const itemSchema = z.looseObject({
  sync_variant_id: z.number().int().optional(),
  external_variant_id: z.string().optional(),
  variant_id: z.number().int().optional(),
  quantity: z.number().int().min(1),
  retail_price: z.string().optional(),
  name: z.string().optional(),
  external_id: z.string().optional(),
});

/** v1 `PackingSlip`: only its six string fields (an unknown one is refused, not ignored). */
const packingSlipSchema = z.strictObject({
  email: z.string().optional(),
  phone: z.string().optional(),
  message: z.string().optional(),
  logo_url: z.string().optional(),
  store_name: z.string().optional(),
  custom_order_id: z.string().optional(),
});

export const orderInputSchema = z.looseObject({
  external_id: z
    .string()
    .max(32)
    .regex(/^[0-9A-Za-z_-]+$/, 'External ID may only contain letters, digits, "_" and "-"')
    .optional(),
  shipping: z.string().default('STANDARD'),
  recipient: recipientSchema,
  items: z.array(itemSchema).min(1),
  retail_costs: z.record(z.string(), z.unknown()).optional(),
  packing_slip: packingSlipSchema.optional(),
});
export type OrderInput = z.input<typeof orderInputSchema>;

/** v1 `PUT /orders/{id}`: the order's fields, each optional; an item may name an existing item's `id`. */
const orderUpdateSchema = z.looseObject({
  shipping: z.string().optional(),
  recipient: recipientSchema.optional(),
  items: z
    .array(itemSchema.extend({ id: z.number().int().optional() }))
    .min(1)
    .optional(),
  retail_costs: z.record(z.string(), z.unknown()).optional(),
  packing_slip: packingSlipSchema.optional(),
});

export interface SandboxOrder {
  id: number;
  external_id: string | null;
  store: number;
  status: string;
  shipping: string;
  shipping_service_name: string;
  created: number;
  updated: number;
  recipient: z.infer<typeof recipientSchema>;
  items: Array<Record<string, unknown>>;
  costs: Record<string, string>;
  retail_costs: Record<string, unknown>;
  packing_slip: z.infer<typeof packingSlipSchema> | null;
  shipments: unknown[];
  dashboard_url: string;
}

/** A Printful-style failure: the HTTP status and the envelope's error message. */
export class OrderError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason = 'BadRequest',
  ) {
    super(message);
  }
}

export const STORE_ID = 12_345_678;
const STATES_REQUIRED = new Set(['US', 'CA', 'AU']);
/** What Printful charges the store, as a share of the retail price (made up, but plausible). */
const COST_SHARE = 0.55;
const SHIPPING_COST = 4.75;

const money = (n: number) => n.toFixed(2);

export class SandboxOrders {
  private readonly orders = new Map<number, SandboxOrder>();
  private nextId = 100_000_001;

  constructor(private readonly catalogue: Catalogue) {}

  reset(): void {
    this.orders.clear();
    this.nextId = 100_000_001;
  }

  list(): SandboxOrder[] {
    return [...this.orders.values()];
  }

  /** `key` is a numeric id or `@external_id`. */
  find(key: string): SandboxOrder | undefined {
    if (key.startsWith('@')) return [...this.orders.values()].find((o) => o.external_id === key.slice(1));
    return /^\d+$/.test(key) ? this.orders.get(Number(key)) : undefined;
  }

  create(body: unknown, options: { confirm: boolean; updateExisting: boolean }): SandboxOrder {
    const parsed = orderInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new OrderError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const input = parsed.data;
    if (STATES_REQUIRED.has(input.recipient.country_code.toUpperCase()) && !input.recipient.state_code) {
      throw new OrderError(400, 'Recipient: State code is missing');
    }
    // Printful's Address schema marks zip optional; the sandbox asks for one wherever the country
    // has postcodes that Stripe's forms require, and lets it be missing elsewhere (Ireland).
    if (!input.recipient.zip && postalCodeRequired(input.recipient.country_code)) {
      throw new OrderError(400, 'Recipient: ZIP/Postal code is missing');
    }
    const items = input.items.map((item, index) => this.resolveItem(item, index));
    const existing = input.external_id ? this.find(`@${input.external_id}`) : undefined;
    if (existing && !options.updateExisting) {
      // Printful's Errors list names this case OR-13 but publishes no message text, so the
      // sandbox's wording is plain and carries no code the store could come to rely on.
      throw new OrderError(400, `External ID ${input.external_id} is already used for another order`);
    }
    if (existing && existing.status !== 'draft') {
      throw new OrderError(400, `Order ${existing.id} is ${existing.status} and can no longer be updated`);
    }
    const now = Math.floor(Date.now() / 1000);
    const subtotal = items.reduce((sum, i) => sum + Number(i.price) * Number(i.quantity), 0);
    const retail = items.reduce((sum, i) => sum + Number(i.retail_price) * Number(i.quantity), 0);
    const id = existing?.id ?? this.nextId++;
    const order: SandboxOrder = {
      id,
      external_id: input.external_id ?? null,
      store: STORE_ID,
      status: options.confirm ? 'pending' : 'draft',
      shipping: input.shipping,
      shipping_service_name: 'Flat Rate (3-4 business days after fulfillment)',
      created: existing?.created ?? now,
      updated: now,
      recipient: input.recipient,
      items,
      costs: {
        currency: 'USD',
        subtotal: money(subtotal),
        discount: '0.00',
        shipping: money(SHIPPING_COST),
        tax: '0.00',
        vat: '0.00',
        total: money(subtotal + SHIPPING_COST),
      },
      retail_costs: input.retail_costs ?? {
        currency: 'USD',
        subtotal: money(retail),
        shipping: money(SHIPPING_COST),
        total: money(retail + SHIPPING_COST),
      },
      packing_slip: input.packing_slip ?? null,
      shipments: [],
      dashboard_url: `https://www.printful.com/dashboard?order_id=${id}`,
    };
    this.orders.set(id, order);
    return order;
  }

  /**
   * v1 `PUT /orders/{id}`: changes an unsubmitted (draft) order; only the fields sent change. Given
   * `items` replace the draft's: an item naming an existing item's `id` keeps that id, the rest are
   * new, and existing items left out are deleted. A confirmed order is refused, as Printful does.
   */
  update(key: string, body: unknown, { confirm = false }: { confirm?: boolean } = {}): SandboxOrder {
    const order = this.find(key);
    if (!order) throw new OrderError(404, 'Order not found', 'NotFound');
    if (!printfulCallAllowed('update', order.status))
      throw new OrderError(400, `Order ${order.id} is ${order.status}: only a draft or failed order can be updated`);
    const parsed = orderUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new OrderError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const input = parsed.data;
    const recipient = input.recipient ?? order.recipient;
    if (STATES_REQUIRED.has(recipient.country_code.toUpperCase()) && !recipient.state_code)
      throw new OrderError(400, 'Recipient: State code is missing');
    if (!recipient.zip && postalCodeRequired(recipient.country_code))
      throw new OrderError(400, 'Recipient: ZIP/Postal code is missing');
    const items = input.items
      ? input.items.map((item, index) => {
          const resolved = this.resolveItem(item, index);
          const kept = order.items.find((old) => item.id !== undefined && old.id === item.id);
          return kept ? { ...resolved, id: kept.id } : resolved;
        })
      : order.items;
    const subtotal = items.reduce((sum, i) => sum + Number(i.price) * Number(i.quantity), 0);
    const retail = items.reduce((sum, i) => sum + Number(i.retail_price) * Number(i.quantity), 0);
    order.recipient = recipient;
    order.items = items;
    if (input.shipping) order.shipping = input.shipping;
    order.costs = {
      ...order.costs,
      subtotal: money(subtotal),
      total: money(subtotal + SHIPPING_COST),
    };
    order.retail_costs = { ...order.retail_costs, subtotal: money(retail), total: money(retail + SHIPPING_COST) };
    // `?confirm=1` submits the changed order: how a failed order goes back to fulfilment.
    if (confirm) order.status = 'pending';
    order.updated = Math.floor(Date.now() / 1000);
    return order;
  }

  confirm(key: string): SandboxOrder {
    const order = this.find(key);
    if (!order) throw new OrderError(404, 'Order not found', 'NotFound');
    // Only a draft is approved for fulfilment; a failed order is fixed with PUT ?confirm=1.
    if (!printfulCallAllowed('confirm', order.status))
      throw new OrderError(400, `Only draft orders can be confirmed; order ${order.id} is ${order.status}`);
    order.status = 'pending';
    order.updated = Math.floor(Date.now() / 1000);
    return order;
  }

  /** v1 `DELETE /orders/{id}`: only a draft or a pending order can be canceled. */
  cancel(key: string): SandboxOrder {
    const order = this.find(key);
    if (!order) throw new OrderError(404, 'Order not found', 'NotFound');
    if (!printfulCallAllowed('cancel', order.status))
      throw new OrderError(400, `Order ${order.id} is ${order.status} and can no longer be canceled`);
    order.status = 'canceled';
    order.updated = Math.floor(Date.now() / 1000);
    return order;
  }

  private resolveItem(item: z.infer<typeof itemSchema>, index: number): Record<string, unknown> {
    const found =
      item.sync_variant_id !== undefined
        ? this.catalogue.findVariant((v) => v.id === item.sync_variant_id)
        : item.external_variant_id !== undefined
          ? this.catalogue.findVariant((v) => v.externalId === item.external_variant_id)
          : undefined;
    if ((item.sync_variant_id !== undefined || item.external_variant_id !== undefined) && !found) {
      throw new OrderError(400, `Item ${index}: Sync variant not found`);
    }
    if (!found && item.variant_id === undefined) {
      throw new OrderError(400, `Item ${index}: a sync_variant_id, external_variant_id or variant_id is required`);
    }
    const retailPrice = item.retail_price ?? found?.variant.retailPrice ?? '0.00';
    return {
      ...item,
      id: this.nextId * 10 + index,
      sync_variant_id: found?.variant.id ?? item.sync_variant_id ?? null,
      variant_id: found?.variant.catalogVariantId ?? item.variant_id,
      name:
        item.name ??
        (found ? `${found.product.name} / ${found.variant.colour.name} / ${found.variant.size}` : 'Catalog item'),
      price: money(Number(retailPrice) * COST_SHARE),
      retail_price: retailPrice,
      status: 'pending',
    };
  }
}
