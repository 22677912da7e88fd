// Printful's order `external_id` (docs/providers.md#printful-orders): at most 32 characters of
// [0-9A-Za-z_-], unique per store. Order ids are made to fit so one can be the other.
const EXTERNAL_ID = /^[0-9A-Za-z_-]{1,32}$/;

export function isPrintfulExternalId(value: string): boolean {
  return EXTERNAL_ID.test(value);
}

/**
 * The external_id of an order's `placement`-th Printful order. The first is the order id itself.
 * Printful never places a second order under an external_id (a cancelled order keeps it:
 * docs/fidelity.md#printful-order-states), so an order placed again after Printful cancelled it
 * goes under `r<placement>_` and the rest of its `ord_` id: still at most 32 characters, and
 * orderIdOfPrintfulExternalId maps it back.
 */
export function printfulExternalIdFor(orderId: string, placement: number): string {
  if (placement <= 1) return orderId;
  if (!orderId.startsWith('ord_')) throw new Error(`Order ${orderId} cannot be placed at Printful again`);
  return `r${placement}_${orderId.slice('ord_'.length)}`;
}

/** The shop order an external_id belongs to (the id itself for a first placement). */
export function orderIdOfPrintfulExternalId(externalId: string): string {
  const again = /^r\d+_(.+)$/.exec(externalId);
  return again ? `ord_${again[1]}` : externalId;
}

/** Which placement an external_id is (1 for the order id itself). */
export function placementOfPrintfulExternalId(externalId: string): number {
  const again = /^r(\d+)_/.exec(externalId);
  return again ? Number(again[1]) : 1;
}

/** The external_id of the order's current Printful order. */
export function printfulExternalIdOf(order: { id: string; fulfilment?: { externalId?: string | null } }): string {
  return order.fulfilment?.externalId ?? order.id;
}
