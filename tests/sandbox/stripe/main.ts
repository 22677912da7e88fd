import { LOCAL_STRIPE_WEBHOOK_SECRET } from '@shop/shared/server/config';
import { startStripeSandbox } from './server.js';

// `tsx tests/sandbox/stripe/main.ts`: the Stripe sandbox on its own, as the start script runs it.
const port = Number(process.env.STRIPE_SANDBOX_PORT ?? 3102);
const webhookUrl = process.env.STRIPE_SANDBOX_WEBHOOK_URL || 'http://127.0.0.1:3000/api/webhooks/stripe';
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || LOCAL_STRIPE_WEBHOOK_SECRET;

const sandbox = await startStripeSandbox({
  port,
  host: process.env.STRIPE_SANDBOX_HOST || '127.0.0.1',
  webhookUrl,
  webhookSecret,
  publicUrl: process.env.STRIPE_SANDBOX_PUBLIC_URL || undefined,
  // Whether the sandbox account has Stripe Tax set up (STRIPE_AUTOMATIC_TAX needs it); the start
  // script says yes unless told otherwise.
  taxActivated: process.env.STRIPE_SANDBOX_TAX_ACTIVATED === 'true',
});
console.log(`Stripe sandbox listening on ${sandbox.url}; webhooks go to ${webhookUrl}`);

const stop = () => void sandbox.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
