#!/usr/bin/env node
// `npm run printful:webhooks`: points the Printful store's webhooks at this shop (Printful's v1
// `POST /webhooks`; one URL per store, so this replaces whatever was registered). Run it once at
// go-live and again whenever PUBLIC_URL or PRINTFUL_WEBHOOK_TOKEN changes; running it twice is
// harmless. Reads the same environment (and `.env`) as the API.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function serverModule(name) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    return import(pathToFileURL(path.join(ROOT, `shared/dist/server/${name}.js`)).href);
  }
  register();
  return import(pathToFileURL(path.join(ROOT, `shared/src/server/${name}.ts`)).href);
}

const { ConfigError, loadStartupConfig } = await serverModule('config/index');
const { createPrintfulClient, registerPrintfulWebhooks } = await serverModule('printful/index');
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
