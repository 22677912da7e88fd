import { startRatesSandbox } from './server.js';

// CLI entry: `tsx tests/sandbox/rates/main.ts`, the exchange-rate source `npm start` runs when
// CURRENCY_RATES_URL is unset and no Stripe key is set.
const sandbox = await startRatesSandbox({
  port: Number(process.env.RATES_SANDBOX_PORT ?? 3103),
  host: process.env.RATES_SANDBOX_HOST || '127.0.0.1',
});
console.log(`Rates sandbox listening on ${sandbox.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    sandbox.close().finally(() => process.exit(0));
  });
}
