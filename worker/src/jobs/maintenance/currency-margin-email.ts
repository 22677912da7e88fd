import { CURRENCY_NAMES, formatMoney, type CurrencyMarginFinding } from '@shop/shared/domain/currency';
import type { Email } from '../notifications/mail-transport.js';
import { escapeHtml, htmlLayout, oneLine } from '../notifications/email-layout.js';

// The studio's alert when a rate move takes variants off sale in a currency
// (docs/rules.md#local-prices): what, at which price, and the lowest price that would sell again.

export function currencyMarginEmail(findings: readonly CurrencyMarginFinding[], adminUrl: string): Omit<Email, 'to'> {
  const currencies = [...new Set(findings.map((f) => f.currency))];
  const subject = oneLine(
    `${findings.length} ${findings.length === 1 ? 'variant is' : 'variants are'} off sale in ${currencies.join(', ')}: the exchange rate moved below cost`,
  );
  const lines = findings.map(
    (f) =>
      `${f.title} (${f.variantId}) in ${CURRENCY_NAMES[f.currency].many}: ${formatMoney(f.price, f.currency)}, needs at least ${formatMoney(f.minimumPrice, f.currency)} (Printful cost $${f.costUsd.toFixed(2)})`,
  );
  const intro =
    'After the latest exchange rates, these variants would sell below Printful’s cost plus your margin in another currency, so the shop no longer sells them in it. They still sell in US dollars. Set a higher price by hand for that currency, or hold a rate, on the admin home.';
  const text = [intro, '', ...lines.map((l) => `- ${l}`), '', adminUrl].join('\n');
  const html = htmlLayout(
    subject,
    `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(adminUrl)}">Open the admin home</a></p>`,
  );
  return { subject, text, html };
}
