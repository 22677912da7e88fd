import { SITE, escapeHtml } from '@shop/shared/pages';
import { formatMoney, toMinor, type CurrencyCode } from '@shop/shared/domain/currency';

// Shared parts of the shop's e-mails: every value that came from a customer or a visitor is
// escaped before it goes into HTML; plain text carries it as typed.

export { escapeHtml };

/** A subject line: one line, whatever the input held. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function usd(amount: number): string {
  return money(amount, 'USD');
}

/**
 * An amount (major units) in the order's currency, as the shopper paid it (docs/rules.md#local-prices):
 * "$86.00", "€86.00", "£23.99", "CA$33.99".
 */
export function money(amount: number, currency: CurrencyCode = 'USD'): string {
  return formatMoney(toMinor(amount, currency), currency, 'en-US');
}

/** The HTML frame; `body` must already be escaped HTML. */
export function htmlLayout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,-apple-system,sans-serif;color:#1a1a2e;max-width:36rem;margin:0 auto;padding:1rem">
${body}
<p style="color:#666;font-size:12px;margin-top:2rem">${escapeHtml(SITE.name)}</p>
</body></html>`;
}

/**
 * The site's own colours in the e-mails (web/src/styles/base.css): copper for the header, buttons
 * and links, on the site's cream and dark ink, so an e-mail looks like the shop that sent it.
 * White on the copper and copper on white both pass WCAG AA for text.
 */
export const EMAIL_COLOURS = {
  brand: '#a4461a',
} as const;
