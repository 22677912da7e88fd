import { closingDayWords, teamLineCounts } from '@shop/shared/domain/team-order';
import type { TeamMemberDoc, TeamOrderDoc } from '@shop/shared/schemas';
import type { Email } from './mail-transport.js';
import { brandedFrame, buttonHtml } from './branded-layout.js';
import { escapeHtml, oneLine } from './email-layout.js';
import { variantWords } from '@shop/shared/domain/product';

// The team order's e-mails (docs/rules.md#team-orders): the lead's reminder the day before it
// closes (how many joined, how many of each, and the button to their page, where they close it and
// pay), and each member's note when the parcel ships. Every name and title is the members' and the
// lead's own text: escaped in HTML, one line in the subject.

export function teamOrderReminderEmail(
  doc: TeamOrderDoc,
  links: { leadUrl: string; origin: string },
): Omit<Email, 'to'> {
  const subject = oneLine(`Your team order "${doc.title}" closes tomorrow`);
  const title = (id: string) => doc.products.find((p) => p.id === id)?.title ?? id;
  const counts = teamLineCounts(
    doc.members,
    doc.products.map((p) => p.id),
  ).map((line) => `${line.count} x ${title(line.productId)}, ${variantWords(line)}`);
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

/**
 * A member's e-mail when the team order's parcel ships: their own line, and that it travels to the
 * lead, who hands it out. No tracking link and no address: the parcel is the lead's, and the
 * member gave their address only for this one message. Names and titles are escaped in HTML and
 * kept to one line in the subject.
 */
export function teamMemberShippedEmail(
  doc: TeamOrderDoc,
  member: TeamMemberDoc,
  links: { origin: string; supportEmail: string },
): Omit<Email, 'to'> {
  const product = doc.products.find((p) => p.id === member.productId)?.title ?? 'your choice';
  const subject = oneLine(`Your ${product} from the team order "${doc.title}" is on its way`);
  const hello = `Hi ${member.name},`;
  const shipped = `The team order "${doc.title}" that ${doc.leadName} put together has shipped.`;
  const yours = `Yours is in the parcel: ${product}, ${variantWords(member)}.`;
  const handout = `The parcel goes to ${doc.leadName}, who hands everything out; your name is on the packing list.`;
  const why = `You gave this address when you joined the team order, to hear when it ships; this is the only e-mail it brings. Questions: ${links.supportEmail}.`;
  const text = [hello, '', shipped, yours, handout, '', why].join('\n');
  const html = brandedFrame({
    title: subject,
    headerNote: 'Team order',
    origin: links.origin,
    bodyHtml: `<h1 style="font-size:22px;margin:0 0 12px 0">${escapeHtml(doc.title)} has shipped</h1>
<p style="margin:0 0 12px 0">${escapeHtml(hello)}</p>
<p style="margin:0 0 12px 0">${escapeHtml(shipped)}</p>
<p style="margin:0 0 12px 0"><strong>${escapeHtml(yours)}</strong></p>
<p style="margin:0 0 12px 0">${escapeHtml(handout)}</p>`,
    footerHtml: escapeHtml(why),
  });
  return { subject, text, html };
}
