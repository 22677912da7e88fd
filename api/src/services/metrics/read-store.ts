import { ORDER_STATUSES } from '@shop/shared/schemas';
import { COLLECTIONS, readableDoc } from '@shop/shared/server/collections';
import type { OrderRecords } from '@shop/shared/server/orders';
import { scanCollection, type DocumentStore } from '@shop/shared/server/store';
import { RECENT_SYNC_RUNS, Tally, type ScrapedGauges } from './scraped-gauges.js';

/** Orders by status, webhook events by outcome and the recent product syncs. */
export async function readStore(
  gauges: ScrapedGauges,
  store: DocumentStore,
  orders: Pick<OrderRecords, 'countOrdersWithStatus'>,
): Promise<void> {
  const orderCounts = await Promise.all(ORDER_STATUSES.map((status) => orders.countOrdersWithStatus(status)));
  ORDER_STATUSES.forEach((status, i) => gauges.orders.set({ status }, orderCounts[i]));

  // Tallied first and then set, so that two concurrent scrapes cannot add up each other's counts.
  const events = new Tally<'provider' | 'type' | 'outcome'>();
  await scanCollection(store, COLLECTIONS.webhookEvents, ({ data: event }) => {
    // Printful records name their provider; Stripe's records carry no such field.
    const provider = typeof event.provider === 'string' ? event.provider : 'stripe';
    events.add({ provider, type: String(event.type), outcome: String(event.outcome) });
  });
  events.setOn(gauges.webhookEvents);

  const runs = await store.query(COLLECTIONS.syncRuns, {
    orderBy: [{ field: 'startedAt', direction: 'desc' }],
    limit: RECENT_SYNC_RUNS,
  });
  const runStates = new Tally<'name' | 'state'>();
  for (const { data } of runs.docs) runStates.add({ name: String(data.name), state: String(data.state) });
  runStates.setOn(gauges.syncRuns);
  const last = runs.docs
    .map(({ data }) => readableDoc(COLLECTIONS.syncRuns, data))
    .find((run) => run !== null && run.state !== 'active');
  if (last) {
    for (const [outcome, value] of Object.entries({ ...last.counts, unchanged: last.unchanged })) {
      gauges.lastSyncProducts.set({ outcome }, value);
    }
  }
}
