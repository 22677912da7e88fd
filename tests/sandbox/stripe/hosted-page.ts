import type { SessionRecord } from './checkout-session.js';
import { SANDBOX_TAX } from './shipping-and-tax.js';
import { money } from './currencies.js';

// The sandbox's stand-in for Stripe's hosted payment page. It says plainly that nothing is charged.

export const SANDBOX_BANNER = 'Stripe sandbox — no real payment';

/** The test address the form starts with, so a demo shopper can press Pay straight away. */
export const DEMO_SHIPPING = {
  email: 'shopper@example.com',
  name: 'Sandbox Shopper',
  line1: '19749 Dearborn St',
  line2: '',
  city: 'Chatsworth',
  state: 'CA',
  postal_code: '91311',
  country: 'US',
} as const;
export type ShippingForm = { -readonly [K in keyof typeof DEMO_SHIPPING]: string };
/** A delayed method completes the session unpaid; the async_payment events settle it later. */
export type PayForm = ShippingForm & {
  payment_method: 'card' | 'bank_debit';
  shipping_rate?: string;
  /** `opt_in` when the promotions checkbox was ticked. */
  promotions?: string;
};

/** Stripe's promotions checkbox (consent_collection[promotions]=auto), in the sandbox's words. */
export const PROMOTIONS_CONSENT_LABEL = 'Keep me updated with news and offers from this shop';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a2e}
.banner{background:#fff3cd;border:2px dashed #b8860b;padding:.75rem 1rem;font-weight:700;text-align:center}
table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
.num{text-align:right}label{display:block;margin:.4rem 0}input{width:100%;padding:.4rem;box-sizing:border-box}
.actions{display:flex;gap:1rem;margin-top:1rem}button{padding:.6rem 1.4rem;font-size:1rem;cursor:pointer}
.pay{background:#1E90FF;color:#fff;border:0}.error{color:#b00020}
</style></head>
<body><p class="banner" role="alert">${SANDBOX_BANNER}</p>${body}</body></html>`;
}

function totals(record: SessionRecord): string {
  const { session } = record;
  const currency = session.currency ?? 'usd';
  if (!record.shippingRates.length && !session.automatic_tax.enabled && !record.discount)
    return `<tr><th colspan="3">Total</th><th class="num" data-testid="total">${money(session.amount_total ?? 0, currency)}</th></tr>`;
  const row = (label: string, amount: string, testId: string) =>
    `<tr><th colspan="3">${escapeHtml(label)}</th><td class="num" data-testid="${testId}">${amount}</td></tr>`;
  // Without scripts the page cannot re-price as the shopper picks; the charged amounts follow Pay.
  const rows = [row('Subtotal', money(session.amount_subtotal ?? 0, currency), 'subtotal')];
  const discount = session.total_details?.amount_discount ?? 0;
  if (discount > 0) rows.push(row('Discount', `-${money(discount, currency)}`, 'discount'));
  if (record.shippingRates.length) rows.push(row('Shipping', 'the option you choose below', 'shipping'));
  const inclusive = record.lineItems.every((li) => li.price.tax_behavior === 'inclusive');
  if (session.automatic_tax.enabled)
    rows.push(
      inclusive
        ? row('Tax (VAT or GST)', 'included in the prices', 'tax')
        : row(SANDBOX_TAX.label, 'added when you pay', 'tax'),
    );
  return rows.join('');
}

function shippingChoice(record: SessionRecord): string {
  if (!record.shippingRates.length) return '';
  const currency = record.session.currency ?? 'usd';
  const days = (r: SessionRecord['shippingRates'][number]) => {
    const min = r.delivery_estimate?.minimum?.value;
    const max = r.delivery_estimate?.maximum?.value;
    return min || max ? ` — ${min ?? '?'}–${max ?? '?'} business days` : '';
  };
  const options = record.shippingRates
    .map(
      (r, i) =>
        `<label><input type="radio" name="shipping_rate" value="${escapeHtml(r.id)}"${i === 0 ? ' checked' : ''} style="width:auto"> ` +
        `${escapeHtml(r.display_name ?? '')}: ${money(r.fixed_amount.amount, currency)}${days(r)}</label>`,
    )
    .join('\n');
  return `<fieldset><legend>Shipping method</legend>\n${options}</fieldset>`;
}

export function paymentPage(record: SessionRecord, error?: string): string {
  const { session, lineItems } = record;
  const currency = session.currency ?? 'usd';
  const rows = lineItems
    .map(
      (li) =>
        `<tr><td>${escapeHtml(li.description ?? '')}</td><td class="num">${li.quantity}</td>` +
        `<td class="num">${money(li.price.unit_amount ?? 0, currency)}</td><td class="num">${money(li.amount_total, currency)}</td></tr>`,
    )
    .join('');
  const field = (name: keyof ShippingForm, label: string, value: string) =>
    `<label>${label}<input name="${name}" value="${escapeHtml(value)}"></label>`;
  const shipping = session.shipping_address_collection
    ? `<fieldset><legend>Shipping address</legend>
${field('name', 'Full name', DEMO_SHIPPING.name)}${field('line1', 'Address line 1', DEMO_SHIPPING.line1)}
${field('line2', 'Address line 2', DEMO_SHIPPING.line2)}${field('city', 'City', DEMO_SHIPPING.city)}
${field('state', 'State / region', DEMO_SHIPPING.state)}${field('postal_code', 'Postal code', DEMO_SHIPPING.postal_code)}
${field('country', `Country (${session.shipping_address_collection.allowed_countries.join(', ')})`, DEMO_SHIPPING.country)}</fieldset>`
    : '';
  return page(
    'Pay — Stripe sandbox',
    `<h1>Checkout</h1>
<table><thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th><th class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody><tfoot>${totals(record)}</tfoot></table>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/pay/${encodeURIComponent(session.id)}/pay" id="pay-form">
${field('email', 'E-mail', session.customer_email ?? DEMO_SHIPPING.email)}
${shipping}
${shippingChoice(record)}
${promotionsChoice(record)}
<fieldset><legend>Payment method</legend>
<label><input type="radio" name="payment_method" value="card" checked style="width:auto"> Card: paid at once (sandbox test card, nothing is charged)</label>
<label><input type="radio" name="payment_method" value="bank_debit" style="width:auto"> Bank debit: settles later (checkout.session.async_payment_* follows)</label>
</fieldset>
</form>
<div class="actions">
<button class="pay" type="submit" form="pay-form">${record.shippingRates.length || session.automatic_tax.enabled ? 'Pay' : `Pay ${money(session.amount_total ?? 0, currency)}`}</button>
<form method="post" action="/pay/${encodeURIComponent(session.id)}/cancel"><button type="submit">Cancel</button></form>
</div>`,
  );
}

/**
 * The promotions checkbox, shown only when the session collects that consent. Like Stripe's page it
 * saves the choice (and the e-mail typed) as it changes, so it counts even if the shopper leaves.
 */
function promotionsChoice(record: SessionRecord): string {
  if (record.session.consent_collection?.promotions !== 'auto') return '';
  const checked = record.shopper.promotions === 'opt_in' ? ' checked' : '';
  const consentUrl = `/pay/${encodeURIComponent(record.session.id)}/consent`;
  return `<label><input type="checkbox" name="promotions" value="opt_in" id="promotions"${checked} style="width:auto"> ${escapeHtml(PROMOTIONS_CONSENT_LABEL)}</label>
<script>
(function () {
  var box = document.getElementById('promotions');
  var form = document.getElementById('pay-form');
  function save() {
    var body = new URLSearchParams({ promotions: box.checked ? 'opt_in' : 'opt_out', email: form.email.value });
    fetch(${JSON.stringify(consentUrl)}, { method: 'POST', body: body }).then(function () {
      box.setAttribute('data-saved', box.checked ? 'opt_in' : 'opt_out');
    });
  }
  box.addEventListener('change', save);
  form.email.addEventListener('change', function () { if (box.checked) save(); });
})();
</script>`;
}

/**
 * Stripe's recovery URL opens a copy of the expired session; the sandbox does not copy sessions
 * (docs/fidelity.md), and the shop sends its own restore link instead (docs/recovery.md).
 */
export function recoveryPage(): string {
  return page(
    'Recovery — Stripe sandbox',
    "<h1>The sandbox does not reopen expired checkouts from their recovery URL.</h1><p>Use the shop's own link from the e-mail.</p>",
  );
}

export function closedPage(record: SessionRecord): string {
  const { session } = record;
  const text =
    session.status === 'expired' ? 'This checkout session has expired.' : 'This checkout session is already paid.';
  return page('Checkout closed — Stripe sandbox', `<h1>${escapeHtml(text)}</h1>`);
}

export function notFoundPage(): string {
  return page('Not found — Stripe sandbox', '<h1>No such checkout session.</h1>');
}
