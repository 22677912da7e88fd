// Exchange rates and hand-set prices (docs/rules.md#local-prices), for the API and the worker.
export * from './rates-feed.js';
export * from './exchange-rates.js';
export * from './currency-margins.js';
