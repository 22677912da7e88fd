import { formatStudioDateTime } from '@shop/shared/domain/time';
import { QUOTE_BUDGET_LABELS, QUOTE_SERVICE_LABELS, type QuoteDocument, type QuoteReply } from '@shop/shared/schemas';
import type { Email } from './mail-transport.js';
import { brandedFrame, buttonHtml } from './branded-layout.js';
import { EMAIL_COLOURS, escapeHtml, oneLine } from './email-layout.js';

// The quote e-mails, in the frame every shop e-mail shares. The studio hears of a new request
// (replying answers the visitor; a button opens the quote in the admin), and the visitor gets the
// studio's reply written in the admin (replying answers the studio). Times read in the studio's
// own time zone; the reference is the one the visitor was shown after sending the form.

/** The reference the quote form showed the visitor: the first eight characters of the id. */
export const quoteReference = (quoteId: string) => quoteId.slice(0, 8).toUpperCase();

const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px 0;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('\n');

function factsHtml(fields: Array<[string, string]>): string {
  const rows = fields
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 16px 6px 0;color:#6b6459;font-size:14px;vertical-align:top;white-space:nowrap">${escapeHtml(k)}</td><td style="padding:6px 0;font-size:14px">${escapeHtml(v)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px 0">\n${rows}\n</table>`;
}

export function quoteReceivedEmail(
  quoteId: string,
  quote: QuoteDocument,
  links: { adminUrl: string; timeZone: string; supportEmail: string },
): Omit<Email, 'to'> {
  const services = quote.services.map((s) => QUOTE_SERVICE_LABELS[s]).join(', ');
  const budget = QUOTE_BUDGET_LABELS[quote.budget];
  const reference = quoteReference(quoteId);
  const subject = oneLine(`New quote request from ${quote.name}${quote.company ? ` (${quote.company})` : ''}`);
  const fields: Array<[string, string]> = [
    ['Name', quote.name],
    ['E-mail', quote.email],
    ...(quote.company ? ([['Company', quote.company]] as Array<[string, string]>) : []),
    ['Services', services],
    ['Budget', budget],
    ['Received', formatStudioDateTime(quote.createdAt, links.timeZone)],
    ['Reference', reference],
  ];
  const text = [
    'New quote request',
    '',
    ...fields.map(([k, v]) => `${k}: ${v}`),
    '',
    'Project:',
    quote.message,
    '',
    `Open the quote to reply: ${links.adminUrl}`,
  ].join('\n');
  const html = brandedFrame({
    title: subject,
    headerNote: `Quote ${reference}`,
    bodyHtml: `<h1 style="font-size:22px;margin:0 0 12px 0">New quote request</h1>
${factsHtml(fields)}
<h2 style="font-size:16px;margin:16px 0 8px 0">Project</h2>
${paragraphsHtml(quote.message)}
${buttonHtml(links.adminUrl, 'Open the quote')}`,
    footerHtml: `Replying to this e-mail writes to ${escapeHtml(quote.email)}; a reply sent from the admin is kept on the quote.`,
  });
  return { subject, text, html, replyTo: quote.email };
}

export function quoteReplyEmail(
  quoteId: string,
  quote: QuoteDocument,
  reply: QuoteReply,
  links: { timeZone: string; studioEmail: string },
): Omit<Email, 'to'> {
  const reference = quoteReference(quoteId);
  const subject = oneLine(`Re: your project request ${reference}`);
  const asked = formatStudioDateTime(quote.createdAt, links.timeZone);
  const text = [
    reply.message,
    '',
    `On ${asked} you wrote:`,
    ...quote.message.split('\n').map((line) => `> ${line}`),
    '',
    `Reply to this e-mail or write to ${links.studioEmail}.`,
  ].join('\n');
  const html = brandedFrame({
    title: subject,
    headerNote: `Request ${reference}`,
    bodyHtml: `${paragraphsHtml(reply.message)}
<p style="margin:24px 0 8px 0;color:#6b6459;font-size:13px">On ${escapeHtml(asked)} you wrote:</p>
<blockquote style="margin:0 0 12px 0;padding:0 0 0 12px;border-left:3px solid #e6e1d8;color:#4a443c">${paragraphsHtml(quote.message)}</blockquote>`,
    footerHtml: `Reply to this e-mail or write to <a href="mailto:${escapeHtml(links.studioEmail)}" style="color:${EMAIL_COLOURS.brand}">${escapeHtml(links.studioEmail)}</a>.`,
  });
  // A person wrote it: RFC 3834's "no", not the transport's "auto-generated" (which would silence the
  // visitor's auto-responder and file the reply as automated mail).
  return { subject, text, html, replyTo: links.studioEmail, headers: { 'Auto-Submitted': 'no' } };
}
