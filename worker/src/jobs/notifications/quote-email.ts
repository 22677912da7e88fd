import { QUOTE_BUDGET_LABELS, QUOTE_SERVICE_LABELS, type QuoteDocument } from '@shop/shared/schemas';
import type { Email } from './mail-transport.js';
import { escapeHtml, htmlLayout, oneLine } from './email-layout.js';

// A new quote request, announced to the studio; replying answers the visitor.

export function quoteReceivedEmail(quoteId: string, quote: QuoteDocument): Omit<Email, 'to'> {
  const services = quote.services.map((s) => QUOTE_SERVICE_LABELS[s]).join(', ');
  const budget = QUOTE_BUDGET_LABELS[quote.budget];
  const subject = oneLine(`New quote request from ${quote.name}${quote.company ? ` (${quote.company})` : ''}`);
  const fields: Array<[string, string]> = [
    ['Name', quote.name],
    ['E-mail', quote.email],
    ...(quote.company ? ([['Company', quote.company]] as Array<[string, string]>) : []),
    ['Services', services],
    ['Budget', budget],
    ['Received', quote.createdAt],
    ['Reference', quoteId],
  ];
  const text = [...fields.map(([k, v]) => `${k}: ${v}`), '', 'Project:', quote.message].join('\n');
  const html = htmlLayout(
    subject,
    `<h1>New quote request</h1>
<dl>${fields.map(([k, v]) => `<dt><strong>${escapeHtml(k)}</strong></dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>
<h2>Project</h2>
<p style="white-space:pre-wrap">${escapeHtml(quote.message)}</p>`,
  );
  return { subject, text, html, replyTo: quote.email };
}
