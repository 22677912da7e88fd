import { UnrecoverableError } from 'bullmq';
import type { Order } from '@shop/shared/schemas';
import {
  isPrintfulExternalId,
  printfulExternalIdOf,
  PrintfulExternalIdInUseError,
  PrintfulNotFoundError,
  PrintfulRequestError,
  type PrintfulClient,
  type PrintfulOrder,
  type PrintfulOrderInput,
  type PrintfulPackingSlip,
} from '@shop/shared/providers/printful';

// Step createPrintfulOrder (docs/providers.md#printful-orders): a draft order whose external_id is our
// order id, then confirmed (at once, or when the grace period ends: grace-period.job.ts). The external_id makes it safe to repeat: a retry first looks the
// order up, and two jobs racing to create it meet Printful's refusal of a used external_id (OR-13)
// and read the winner's. Printful publishes no text for that refusal, so any 400 is followed by a
// look-up. An order placed again after Printful cancelled it has an external_id of its own
// (printfulExternalIdFor), passed as `externalId`.

const DEFAULT_SHIPPING_METHOD = 'STANDARD';

export function printfulOrderInput(
  order: Order,
  packingSlip?: PrintfulPackingSlip,
  externalId: string = printfulExternalIdOf(order),
): PrintfulOrderInput {
  if (!isPrintfulExternalId(externalId))
    throw new UnrecoverableError(`Order id ${externalId} cannot be a Printful external_id`);
  const recipient = order.shipping;
  if (!recipient) throw new UnrecoverableError(`Order ${order.id} has no shipping address to send to Printful`);
  return {
    external_id: externalId,
    // The method the shopper paid for; sessions from before shipping options were offered used STANDARD.
    shipping: order.shippingMethod?.id ?? DEFAULT_SHIPPING_METHOD,
    recipient: {
      name: recipient.name,
      address1: recipient.address1,
      ...(recipient.address2 ? { address2: recipient.address2 } : {}),
      city: recipient.city,
      ...(recipient.stateCode ? { state_code: recipient.stateCode } : {}),
      country_code: recipient.countryCode,
      // Printful takes an address without a postcode where the country has none mandatory.
      ...(recipient.zip ? { zip: recipient.zip } : {}),
      ...(recipient.email ? { email: recipient.email } : {}),
    },
    items: order.items.map((item) => {
      const syncVariantId = Number(item.syncVariantId);
      if (!Number.isInteger(syncVariantId) || syncVariantId <= 0) {
        throw new UnrecoverableError(`Order ${order.id}: "${item.name}" has no Printful sync variant`);
      }
      return {
        sync_variant_id: syncVariantId,
        quantity: item.quantity,
        // Printful's retail prices are dollars: the catalogue's, for an order paid in another currency.
        retail_price: (item.unitPriceUsd ?? item.unitPrice).toFixed(2),
        name: item.variantName ?? item.name,
      };
    }),
    // A team order's names (docs/rules.md#team-orders); other orders keep the store's own slip.
    ...(packingSlip ? { packing_slip: packingSlip } : {}),
  };
}

/** Printful's order with this external_id, or null when Printful has none. */
export async function findByExternalId(printful: PrintfulClient, externalId: string): Promise<PrintfulOrder | null> {
  try {
    return await printful.getOrderByExternalId(externalId);
  } catch (error) {
    if (error instanceof PrintfulNotFoundError) return null;
    throw error;
  }
}

async function confirm(printful: PrintfulClient, draft: PrintfulOrder): Promise<PrintfulOrder> {
  try {
    return await printful.confirmOrder(draft.id);
  } catch (error) {
    // Another job (or an earlier attempt whose answer was lost) confirmed it first.
    if (error instanceof PrintfulRequestError) {
      const current = await printful.getOrder(draft.id);
      if (current.status !== 'draft') return current;
    }
    throw error;
  }
}

/** Printful's order for this order, created as a draft only if Printful has none yet. */
export async function placePrintfulDraft(
  printful: PrintfulClient,
  order: Order,
  packingSlip?: PrintfulPackingSlip,
  externalId: string = printfulExternalIdOf(order),
): Promise<PrintfulOrder> {
  let placed = await findByExternalId(printful, externalId);
  if (!placed) {
    try {
      placed = await printful.createOrder(printfulOrderInput(order, packingSlip, externalId), { confirm: false });
    } catch (error) {
      const refused = error instanceof PrintfulExternalIdInUseError || error instanceof PrintfulRequestError;
      const winner = refused ? await findByExternalId(printful, externalId) : null;
      if (!winner) throw error;
      placed = winner;
    }
  }
  return placed;
}

/** The confirmed Printful order for this order, created only if Printful has none yet. */
export async function placePrintfulOrder(
  printful: PrintfulClient,
  order: Order,
  packingSlip?: PrintfulPackingSlip,
  externalId?: string,
): Promise<PrintfulOrder> {
  const placed = await placePrintfulDraft(printful, order, packingSlip, externalId);
  return placed.status === 'draft' ? confirm(printful, placed) : placed;
}

/** What Printful charges for the order (`costs.total`, US dollars); null while it cannot tell. */
export function printfulOrderCost(placed: PrintfulOrder): number | null {
  const total = Number((placed.costs as { total?: unknown } | undefined)?.total);
  return Number.isFinite(total) && total >= 0 ? total : null;
}
