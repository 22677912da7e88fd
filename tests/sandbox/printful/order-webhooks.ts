import { z } from 'zod';
import { PRINTFUL_ORDER_WEBHOOKS, printfulWebhookAllowed } from '@shop/shared/providers/printful/rules';
import { OrderError, STORE_ID, type SandboxOrder, type SandboxOrders } from './orders.js';

// Printful v1 order webhooks (docs/providers.md#printful-orders) as Printful sends them: an
// unsigned JSON POST `{type, created, retries, store, data}` to the store's webhook URL, where
// `data.order` is the full order and `reason` is free text. The sandbox's test controls move an
// order the way Printful's staff or production would, then deliver the matching event.

export const ORDER_WEBHOOK_TYPES = [
  'order_failed',
  'order_canceled',
  'order_put_hold',
  'order_remove_hold',
  'package_shipped',
  'package_returned',
] as const;
export type OrderWebhookType = (typeof ORDER_WEBHOOK_TYPES)[number];

export interface PrintfulWebhookDelivery {
  type: string;
  orderId: number;
  status: number;
  body: PrintfulWebhookBody;
}

export interface PrintfulWebhookBody {
  type: string;
  created: number;
  retries: number;
  store: number;
  data: Record<string, unknown>;
}

export const orderEventControlSchema = z.object({
  type: z.enum(ORDER_WEBHOOK_TYPES),
  reason: z.string().max(500).optional(),
  /** Copies sent at once (Printful retries and duplicates deliveries). */
  times: z.number().int().min(1).max(20).optional(),
  /** The webhook's `created`, to send an event that happened earlier than the last one. */
  created: z.number().int().nonnegative().optional(),
  trackingUrl: z.string().max(2000).optional(),
  /**
   * order_remove_hold only: the hold was Printful's cost calculation (embroidery), which ends with
   * the order back in `draft` at this Printful cost (`costs.total`), to be confirmed again.
   */
  repricedTotal: z.number().nonnegative().optional(),
});
export type OrderEventControl = z.infer<typeof orderEventControlSchema>;

const DEFAULT_REASONS: Record<OrderWebhookType, string | null> = {
  order_failed: 'The print file could not be downloaded',
  order_canceled: 'Canceled by Printful staff',
  order_put_hold: 'The address needs to be verified',
  order_remove_hold: 'Hold removed',
  package_shipped: null,
  package_returned: 'Returned to sender: address unknown',
};

let shipmentIds = 5_000_001;

function shipmentOf(order: SandboxOrder, trackingUrl?: string) {
  const number = `9400${String(order.id).padStart(18, '0')}`;
  return {
    id: shipmentIds++,
    carrier: 'USPS',
    service: 'USPS First Class Package',
    tracking_number: number,
    tracking_url: trackingUrl ?? `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
    created: Math.floor(Date.now() / 1000),
    ship_date: new Date().toISOString().slice(0, 10),
    shipped_at: Math.floor(Date.now() / 1000),
    reshipment: false,
    items: order.items.map((i) => ({ item_id: i.id, quantity: i.quantity, picked: 1, printed: 1 })),
  };
}

/** What the event does to the order in the sandbox: Printful's order model decides what is allowed. */
function move(order: SandboxOrder, control: Pick<OrderEventControl, 'type' | 'repricedTotal'>): void {
  const { type } = control;
  if (!printfulWebhookAllowed(type, order.status))
    throw new OrderError(400, `Cannot send ${type} for order ${order.id}: it is ${order.status}`);
  if (type === 'package_returned' && order.shipments.length === 0)
    throw new OrderError(400, `Cannot send package_returned for order ${order.id}: it has no shipment`);
  if (control.repricedTotal !== undefined && type !== 'order_remove_hold')
    throw new OrderError(400, 'repricedTotal goes with order_remove_hold only');
  const [first] = PRINTFUL_ORDER_WEBHOOKS[type].to;
  if (type === 'order_remove_hold' && control.repricedTotal !== undefined) {
    order.status = 'draft';
    const shipping = Number(order.costs.shipping);
    order.costs = {
      ...order.costs,
      subtotal: (control.repricedTotal - shipping).toFixed(2),
      total: control.repricedTotal.toFixed(2),
    };
  } else if (type === 'package_shipped') {
    order.status = 'fulfilled';
  } else if (first !== 'same') {
    order.status = first;
  }
  order.updated = Math.floor(Date.now() / 1000);
}

export class PrintfulWebhookSender {
  readonly deliveries: PrintfulWebhookDelivery[] = [];
  constructor(private readonly url: (() => string | null) | null) {}

  async send(body: PrintfulWebhookBody, orderId: number, times = 1): Promise<PrintfulWebhookDelivery[]> {
    const target = this.url?.() ?? null;
    if (!target) throw new OrderError(400, 'The sandbox has no webhook URL configured');
    return Promise.all(
      Array.from({ length: times }, async () => {
        let status = 0;
        try {
          const response = await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'user-agent': 'Printful webhook' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          status = response.status;
        } catch {
          status = 0;
        }
        const delivery = { type: body.type, orderId, status, body };
        this.deliveries.push(delivery);
        return delivery;
      }),
    );
  }

  /** Moves the order as the event says and delivers it. */
  async fire(orders: SandboxOrders, key: string, control: OrderEventControl): Promise<PrintfulWebhookDelivery[]> {
    const order = orders.find(key);
    if (!order) throw new OrderError(404, 'Order not found', 'NotFound');
    move(order, control);
    return this.send(this.body(order, control), order.id, control.times);
  }

  body(
    order: SandboxOrder,
    control: Pick<OrderEventControl, 'type' | 'reason' | 'created' | 'trackingUrl'>,
  ): PrintfulWebhookBody {
    // A shipment is new when shipped; a returned package is one of the order's own shipments.
    const shipment =
      control.type === 'package_shipped'
        ? shipmentOf(order, control.trackingUrl)
        : control.type === 'package_returned'
          ? (order.shipments.at(-1) ?? null)
          : null;
    if (shipment && control.type === 'package_shipped') order.shipments.push(shipment);
    const reason = control.reason ?? DEFAULT_REASONS[control.type];
    return {
      type: control.type,
      created: control.created ?? Math.floor(Date.now() / 1000),
      retries: 0,
      store: STORE_ID,
      data: {
        ...(reason !== null ? { reason } : {}),
        ...(shipment ? { shipment } : {}),
        order: structuredClone(order),
      },
    };
  }
}
