import { z } from 'zod';
import { storefrontProductSchema, type StorefrontProduct } from '@shop/shared/domain/product';
import { PRODUCTS_STREAM_EVENTS, productsSnapshotEventSchema } from '@shop/shared/schemas';
import { API_BASE } from '../../api-client';
import { pageCurrency } from '../page-currency';
import {
  openRecoveringStream,
  type EventSourceFactory,
  type RecoveringStream,
  type RecoveringStreamOptions,
} from './recovering-stream';

// GET /api/products/stream: a `snapshot` event with the whole storefront list (newest first) when
// the stream opens and again after every inventory change; each snapshot replaces the list. A
// reconnect names the snapshot it holds (`?version=`, the last event id), and the server answers
// `unchanged` rather than the whole catalogue when nothing changed meanwhile.

export const PRODUCTS_STREAM_URL = `${API_BASE}/products/stream`;
export const SNAPSHOT_EVENT = PRODUCTS_STREAM_EVENTS.snapshot;

const snapshotSchema = z.union([
  z.array(storefrontProductSchema),
  productsSnapshotEventSchema.transform((s) => s.products),
]);

export function parseSnapshot(data: string): StorefrontProduct[] {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new Error('The product snapshot is not valid JSON');
  }
  const parsed = snapshotSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`The product snapshot has an unexpected shape: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
  return parsed.data;
}

export type ProductsStreamHandlers = Omit<
  RecoveringStreamOptions<StorefrontProduct[]>,
  'url' | 'event' | 'parse' | 'createEventSource' | 'unchangedEvent' | 'onEventId' | 'onData'
> & {
  /** A snapshot, with its id: the version a later stream names to be told `unchanged`. */
  onData: (list: StorefrontProduct[], version: string) => void;
};

/**
 * `heldVersion`: the id of the list the page already holds (a server-rendered page's, or an
 * earlier stream's snapshot), named when the stream opens so the list is not sent again.
 */
export function openProductsStream(
  handlers: ProductsStreamHandlers,
  createEventSource?: EventSourceFactory,
  heldVersion: () => string | undefined = () => undefined,
): RecoveringStream {
  let version = '';
  return openRecoveringStream({
    ...handlers,
    url: () => {
      const held = version || heldVersion();
      // In the page's currency, whatever the cookie holds (docs/rules.md#local-prices).
      const query = new URLSearchParams({ currency: pageCurrency().currency });
      if (held) query.set('version', held);
      return `${PRODUCTS_STREAM_URL}?${query.toString()}`;
    },
    event: SNAPSHOT_EVENT,
    unchangedEvent: PRODUCTS_STREAM_EVENTS.unchanged,
    onEventId: (id) => {
      version = id;
    },
    onData: (list) => handlers.onData(list, version),
    parse: parseSnapshot,
    createEventSource,
  });
}
