import type { Redis } from 'ioredis';
import { z } from 'zod';

// Change events on the Redis channel `events` (docs/contracts.md#queues-and-events). The worker
// publishes them (the API too, for a team order's changes); the API fans them out to browsers over SSE.
export const EVENTS_CHANNEL = 'events';

export const shopEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('inventory.changed'), ids: z.array(z.string()) }),
  z.object({
    type: z.literal('sync.progress'),
    jobId: z.string(),
    state: z.string(),
    progress: z.object({ phase: z.string(), done: z.number(), total: z.number() }).optional(),
  }),
  // A team order's list changed (a member joined, changed or withdrew; the lead acted; it was
  // paid): only its id travels, never a name, and each replica re-reads it for its open streams.
  z.object({ type: z.literal('team-order.changed'), id: z.string().max(64) }),
]);
export type ShopEvent = z.infer<typeof shopEventSchema>;

/** The channel name carries the queue prefix so that test runs never see a running server's events. */
export function channelFor(prefix: string): string {
  return `${prefix}:${EVENTS_CHANNEL}`;
}

export async function publishEvent(redis: Redis, prefix: string, event: ShopEvent): Promise<void> {
  await redis.publish(channelFor(prefix), JSON.stringify(shopEventSchema.parse(event)));
}

/** Subscribes on a dedicated connection; malformed messages are ignored. Returns an unsubscribe. */
export async function subscribeEvents(
  subscriber: Redis,
  prefix: string,
  onEvent: (event: ShopEvent) => void,
): Promise<() => Promise<void>> {
  const channel = channelFor(prefix);
  const handler = (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      const parsed = shopEventSchema.safeParse(JSON.parse(message));
      if (parsed.success) onEvent(parsed.data);
    } catch {
      /* not JSON: not ours */
    }
  };
  subscriber.on('message', handler);
  await subscriber.subscribe(channel);
  return async () => {
    subscriber.off('message', handler);
    // While Redis is down the command would wait in the offline queue for good and hold up the
    // shutdown; a closed connection has no subscriptions anyway.
    if (subscriber.status === 'ready') await subscriber.unsubscribe(channel).catch(() => undefined);
  };
}
