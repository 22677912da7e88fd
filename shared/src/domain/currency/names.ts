import type { CurrencyCode } from './currencies.js';

/** What a shopper calls each currency, in a sentence ("Prices in euros ..."). */
export const CURRENCY_NAMES: Readonly<Record<CurrencyCode, { one: string; many: string }>> = {
  USD: { one: 'US dollar', many: 'US dollars' },
  EUR: { one: 'euro', many: 'euros' },
  GBP: { one: 'pound sterling', many: 'pounds sterling' },
  CAD: { one: 'Canadian dollar', many: 'Canadian dollars' },
  AUD: { one: 'Australian dollar', many: 'Australian dollars' },
  JPY: { one: 'Japanese yen', many: 'Japanese yen' },
};
