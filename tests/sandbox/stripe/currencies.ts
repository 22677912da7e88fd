// What Stripe asks of a currency and its amounts (docs.stripe.com/currencies), for accounts in the
// countries the store sells from and to (US, IE, GB, CA, AU): the presentment currencies Stripe
// accepts there, the zero-decimal ones (amounts in whole units), the three-decimal ones (amounts
// ending in 0), and the minimum charge per settlement-style currency. A currency outside the list
// is refused as Stripe refuses it.

/** Stripe's presentment currencies for card payments (lowercase, as the API takes them). */
export const STRIPE_CURRENCIES = new Set(
  (
    'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp byn bzd cad cdf chf ' +
    'clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gnf gtq gyd hkd hnl htg huf idr ils ' +
    'inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk ' +
    'mxn myr mzn nad ngn nio nok npr nzd omr pab pen pgk php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp ' +
    'sle sos srd std szl thb tjs tnd top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw'
  ).split(' '),
);

/** Amounts in whole units: `unit_amount: 500` is ¥500. */
export const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));

/** Three decimals, of which Stripe takes only amounts ending in 0. */
export const THREE_DECIMAL = new Set('bhd jod kwd omr tnd'.split(' '));

/** Stripe's minimum charge, in minor units, where Stripe publishes one per currency. */
export const MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};

export function decimalsOf(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (THREE_DECIMAL.has(currency)) return 3;
  return 2;
}

/** An amount in minor units as a shopper reads it ("€28.00", "¥4,100"). */
export function money(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(minor / 10 ** decimals);
}

/** Stripe's refusal of a currency it does not take, or null. */
export function unsupportedCurrency(currency: string): string | null {
  if (STRIPE_CURRENCIES.has(currency)) return null;
  return `Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...STRIPE_CURRENCIES].join(', ')}`;
}

/** Stripe's refusal of an amount its currency cannot hold (three-decimal amounts end in 0), or null. */
export function unpayableAmount(amount: number, currency: string): string | null {
  if (THREE_DECIMAL.has(currency) && amount % 10 !== 0)
    return `Amounts in ${currency.toUpperCase()} must be rounded to the nearest ten: ${currency.toUpperCase()} is charged to two decimals.`;
  return null;
}

/** Stripe's refusal of a session whose total is above 0 but below the currency's minimum charge, or null. */
export function belowMinimum(total: number, currency: string): string | null {
  const minimum = MINIMUM_CHARGE[currency];
  if (minimum === undefined || total === 0 || total >= minimum) return null;
  return `The Checkout Session's total amount due must add up to at least ${money(minimum, currency)} ${currency}`;
}
