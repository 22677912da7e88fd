import { startPrintfulSandbox } from './server.js';

// CLI entry: `tsx tests/sandbox/printful/main.ts`. The start and test scripts run it beside the
// API and worker. PRINTFUL_RATE_LIMIT_PER_MIN is the same variable the worker paces itself by.

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a non-negative integer, got "${raw}"`);
    process.exit(1);
  }
  return value;
}

const sandbox = await startPrintfulSandbox({
  port: intFromEnv('PRINTFUL_SANDBOX_PORT', 3101),
  host: process.env.PRINTFUL_SANDBOX_HOST || '127.0.0.1',
  rateLimitPerMin: intFromEnv('PRINTFUL_RATE_LIMIT_PER_MIN', 120),
  products: intFromEnv('PRINTFUL_SANDBOX_PRODUCTS', 0) || undefined,
  publicUrl: process.env.PRINTFUL_SANDBOX_PUBLIC_URL || undefined,
  // Order webhooks (failed, held, shipped...) go to the API, as Printful's would.
  webhookUrl: process.env.PRINTFUL_SANDBOX_WEBHOOK_URL || undefined,
});
console.log(`Printful sandbox listening on ${sandbox.url} (${sandbox.catalogue.size()} products)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    sandbox.close().finally(() => process.exit(0));
  });
}
