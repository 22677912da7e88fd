#!/usr/bin/env node
// `npm run printful:webhooks`: points the Printful store's webhooks at this shop (Printful's v1
// `POST /webhooks`; one URL per store, so this replaces whatever was registered). Run it once at
// go-live and again whenever PUBLIC_URL or PRINTFUL_WEBHOOK_TOKEN changes; running it twice is
// harmless. Reads the same environment (and `.env`) as the API.
import { sharedModule } from './lib/shared-module.mjs';

const { ConfigError, loadStartupConfig } = await sharedModule('server/config/index');
const { createPrintfulClient, registerPrintfulWebhooks } = await sharedModule('providers/printful/index');
try {
  const config = loadStartupConfig();
  const registered = await registerPrintfulWebhooks(createPrintfulClient(config), config);
  // The URL holds the webhook token: show where it points without it.
  const shown = registered.url.replace(/[^/]+$/, '<PRINTFUL_WEBHOOK_TOKEN>');
  console.log(`Printful now sends ${registered.types.join(', ')} to ${shown}`);
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  console.error(`Printful refused the webhook registration: ${e.message}`);
  process.exit(1);
}
