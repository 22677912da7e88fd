import { COLLECTIONS } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import { storeRead } from '../store/store-read.js';

// Stripe and Printful both deliver a webhook more than once (retries, and twins in flight at
// the same moment), so each handled delivery is recorded in `webhookEvents` under its id. The
// work itself must be safe to repeat (jobs are queued under an id derived from the delivery):
// the record only spares the repeat, and the transaction makes sure exactly one of two twins
// in flight records it and the other is told it was a duplicate. A store failure is 503, which
// makes the provider retry a delivery that was not recorded.

export type DeliveryRecord = { type: string; outcome: string } & Record<string, unknown>;

export type DeliveryOutcome<T> = { duplicate: true } | { duplicate: false; result: T };

export async function handleDeliveryOnce<T>(
  store: DocumentStore,
  id: string,
  handle: () => Promise<{ result: T; record: DeliveryRecord }>,
): Promise<DeliveryOutcome<T>> {
  if (await storeRead(() => store.get(COLLECTIONS.webhookEvents, id))) return { duplicate: true };
  const { result, record } = await handle();
  const recorded = await storeRead(() =>
    store.transaction(async (tx) => {
      if (await tx.get(COLLECTIONS.webhookEvents, id)) return false;
      tx.set(COLLECTIONS.webhookEvents, id, { id, ...record });
      return true;
    }),
  );
  return recorded ? { duplicate: false, result } : { duplicate: true };
}
