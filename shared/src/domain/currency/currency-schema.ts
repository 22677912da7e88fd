// Apart from the currency table (currencies.ts), which the footer's currency picker takes into
// every page's first script: that script has no use for zod. One definition, with the schemas.
export { currencyCodeSchema } from '../../schemas/currency-code.js';
