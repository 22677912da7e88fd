import { z } from 'zod';
import { KNOWN_CURRENCIES } from './currencies.js';

// Apart from the currency table (currencies.ts), which the footer's currency picker takes into
// every page's first script: that script has no use for zod.
export const currencyCodeSchema = z.enum(KNOWN_CURRENCIES);
