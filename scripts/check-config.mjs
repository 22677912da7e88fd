#!/usr/bin/env node
// `npm run check-config`: the verdict the API and the worker would reach on the current environment
// (and `.env`), without starting anything (docs/rules.md#production-refuses-unsafe-settings). Exit 0 when they would start,
// 1 with one line per problem when they would refuse. Runs from the sources (tsx, a checkout) or
// from the compiled shared package (a production image, where tsx is not installed).
import { sharedModule } from './lib/shared-module.mjs';

const { ConfigError, cookieProbeNotice, loadStartupConfig, productionWarnings } =
  await sharedModule('server/config/index');
const { STRIPE_API_VERSION, checkStripeKeyPermissions, checkStripeTax, createStripeClient } =
  await sharedModule('providers/stripe/index');
// The webhook endpoint must be created with this version: event shapes follow the endpoint's.
console.log(`Stripe API version pinned by the SDK: ${STRIPE_API_VERSION} (create the webhook endpoint with it)`);
try {
  const config = loadStartupConfig();
  for (const warning of productionWarnings(config)) console.warn(warning);
  console.log(`configuration OK (NODE_ENV=${config.NODE_ENV})`);
  if (config.NODE_ENV !== 'production') console.log('the production checks apply only with NODE_ENV=production');
  const notice = cookieProbeNotice(config.COOKIE_PROBE_ORIGIN, config.NODE_ENV);
  if (notice) console.log(notice);
  // Automatic tax needs Stripe Tax set up on the account, or Stripe refuses every checkout: ask
  // Stripe when there is a key to ask with.
  if (config.STRIPE_AUTOMATIC_TAX && config.STRIPE_SECRET_KEY) {
    let tax;
    try {
      tax = await checkStripeTax(createStripeClient(config, { maxNetworkRetries: 0 }));
    } catch (error) {
      console.warn(`could not ask Stripe whether Stripe Tax is set up: ${error.message}`);
    }
    if (tax && !tax.ok) {
      console.error(tax.message);
      process.exit(1);
    }
    if (tax) console.log(tax.message);
  }
  // A restricted key (rk_...) answers 403 outside its permissions: read each resource the store
  // uses once with it, so a missing permission shows now, not at the first refund or dispute.
  if (config.STRIPE_SECRET_KEY?.startsWith('rk_')) {
    let keyCheck;
    try {
      keyCheck = await checkStripeKeyPermissions(createStripeClient(config, { maxNetworkRetries: 0 }));
    } catch (error) {
      console.warn(`could not ask Stripe what the restricted key may do: ${error.message}`);
    }
    if (keyCheck && !keyCheck.ok) {
      console.error(keyCheck.message);
      process.exit(1);
    }
    if (keyCheck) console.log(keyCheck.message);
  }
  // Firebase answers "no such account" to anyone unless the project's email enumeration
  // protection is on; read it where the Admin SDK's credentials allow, and name it either way.
  const { emailEnumerationNotice, readEmailEnumerationProtection } = await sharedModule(
    'server/config/email-enumeration',
  );
  const production = config.NODE_ENV === 'production';
  const protection = production
    ? await readEmailEnumerationProtection(config.FIREBASE_PROJECT_ID)
    : { state: 'unknown', reason: 'not read outside production' };
  const line = emailEnumerationNotice(protection, production);
  if (line.startsWith('WARNING')) console.warn(line);
  else console.log(line);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  process.exit(1);
}
