import { closingDayWords, teamLineCounts } from '@shop/shared/domain/team-order';
import type { TeamOrderDoc } from '@shop/shared/schemas';
import type { Email } from './mail-transport.js';
import { brandedFrame, buttonHtml } from './branded-layout.js';
import { escapeHtml, oneLine } from './email-layout.js';

// The lead's reminder the day before their team order closes (docs/rules.md#team-orders): how many
// joined, how many of each, and the button to their page, where they close it and pay. Every name
// and title is the members' and the lead's own text: escaped in HTML, one line in the subject.

export function teamOrderReminderEmail(
  doc: TeamOrderDoc,
  links: { leadUrl: string; origin: string },
): Omit<Email, 'to'> {
  const subject = oneLine(`Your team order "${doc.title}" closes tomorrow`);
  const title = (id: string) => doc.products.find((p) => p.id === id)?.title ?? id;
  const counts = teamLineCounts(
    doc.members,
    doc.products.map((p) => p.id),
  ).map((line) => `${line.count} x ${title(line.productId)}, ${line.size}, ${line.color}`);
  const joined = `${doc.members.length} of ${doc.maxMembers} people have joined.`;
  const closes = `It closes at the end of ${closingDayWords(doc.closesOn)}; after that nobody can join or change.`;
  const text = [
    `Your team order "${doc.title}"`,
    '',
    joined,
    closes,
    '',
    ...(counts.length ? ['So far:', ...counts.map((c) => `- ${c}`), ''] : []),
    `See the list, close it and pay: ${links.leadUrl}`,
  ].join('\n');
  const list = counts.length
    ? `<ul style="margin:0 0 16px 0;padding-left:20px">${counts.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>`
    : '';
  const html = brandedFrame({
    title: subject,
    headerNote: 'Team order',
    origin: links.origin,
    bodyHtml: `<h1 style="font-size:22px;margin:0 0 12px 0">${escapeHtml(doc.title)} closes tomorrow</h1>
<p style="margin:0 0 12px 0">${escapeHtml(joined)} ${escapeHtml(closes)}</p>
${list}
${buttonHtml(links.leadUrl, 'See the list')}`,
    footerHtml: 'You started this team order on the studio store; this is its only reminder.',
  });
  return { subject, text, html };
}
