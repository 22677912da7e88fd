import { PRINTFUL_ORDER_EVENT_TYPES } from '../../schemas/order-events.js';
import type { Config } from '../../server/config/index.js';
import type { PrintfulClient } from './client.js';
import type { PrintfulWebhookConfig } from './wire.js';

// Printful sends nothing until the store registers where to (v1 `POST /webhooks`, one URL per
// store). The store's route carries its secret token, because v1 deliveries are unsigned. The
// product events start a sync of the named products; the order events move orders on.

/** Product events the store re-reads products for, then the order events it follows. */
export const PRINTFUL_WEBHOOK_TYPES = [
  'product_synced',
  'product_updated',
  'product_deleted',
  ...PRINTFUL_ORDER_EVENT_TYPES,
] as const;

/** The store's Printful webhook address: PUBLIC_URL's /api/webhooks/printful/<token>. */
export function printfulWebhookUrl(config: Pick<Config, 'PUBLIC_URL' | 'PRINTFUL_WEBHOOK_TOKEN'>): string {
  return new URL(`/api/webhooks/printful/${encodeURIComponent(config.PRINTFUL_WEBHOOK_TOKEN)}`, config.PUBLIC_URL).href;
}

/** Points Printful's webhooks at this store for every event it handles; safe to run again. */
export async function registerPrintfulWebhooks(
  client: PrintfulClient,
  config: Pick<Config, 'PUBLIC_URL' | 'PRINTFUL_WEBHOOK_TOKEN'>,
): Promise<PrintfulWebhookConfig> {
  return client.setWebhooks({ url: printfulWebhookUrl(config), types: [...PRINTFUL_WEBHOOK_TYPES] });
}
