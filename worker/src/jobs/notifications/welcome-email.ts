import type { Job } from 'bullmq';
import { welcomeJobDataSchema } from '@shop/shared/schemas';
import type { Config } from '@shop/shared/server/config';
import { absoluteUrl, ACCOUNT_PATH, ORDER_STATUS_PATH, STORE_PATH } from '@shop/shared/pages';
import type { Email, Mailer } from './mail-transport.js';
import { BRAND, brandedFrame, buttonHtml } from './branded-layout.js';
import { escapeHtml, oneLine } from './email-layout.js';

// The welcome e-mail after sign-up (docs/rules.md#the-signed-in-shopper), in the shop's frame: what
// the account is for (orders in one place, the team orders the shopper starts), a way to the
// store, and nothing to confirm or click to keep the account. The API queues it once per account.

export interface WelcomeLinks {
  storeUrl: string;
  accountUrl: string;
  lookupUrl: string;
  origin: string;
}

export function welcomeEmail(email: string, links: WelcomeLinks): Omit<Email, 'to'> {
  const subject = oneLine(`Welcome to ${BRAND}`);
  const ready = `Your ${BRAND} account for ${email} is ready.`;
  const uses = [
    'Every order you place while signed in is listed in your account, with its status and tracking.',
    'Team orders you start are there too, so you can close them, pay and follow the parcel.',
  ];
  const guest = `An order placed before you had an account can still be looked up by its number: ${links.lookupUrl}`;
  const notYou = 'If you did not create this account, reply to this e-mail and we will remove it.';
  const text = [
    ready,
    '',
    ...uses,
    '',
    `Visit the store: ${links.storeUrl}`,
    `Your account: ${links.accountUrl}`,
    '',
    guest,
    '',
    notYou,
    '',
    BRAND,
  ].join('\n');
  const html = brandedFrame({
    title: subject,
    headerNote: 'Your account',
    origin: links.origin,
    bodyHtml: `<h1 style="font-size:22px;margin:0 0 12px 0">Welcome to ${escapeHtml(BRAND)}</h1>
<p style="margin:0 0 12px 0">${escapeHtml(ready)}</p>
${uses.map((line) => `<p style="margin:0 0 12px 0">${escapeHtml(line)}</p>`).join('\n')}
${buttonHtml(links.storeUrl, 'Visit the store')}
<p style="margin:0 0 12px 0"><a href="${escapeHtml(links.accountUrl)}">Your account</a></p>`,
    footerHtml: escapeHtml(notYou),
  });
  return { subject, text, html };
}

export type WelcomeOutcome = { sent: true; to: string; messageId: string; file: string | null };

export async function sendWelcomeEmail(job: Job, config: Config, mailer: Mailer): Promise<WelcomeOutcome> {
  const { email } = welcomeJobDataSchema.parse(job.data);
  const links: WelcomeLinks = {
    storeUrl: absoluteUrl(config.PUBLIC_URL, STORE_PATH),
    accountUrl: absoluteUrl(config.PUBLIC_URL, ACCOUNT_PATH),
    lookupUrl: absoluteUrl(config.PUBLIC_URL, ORDER_STATUS_PATH),
    origin: new URL(config.PUBLIC_URL).origin,
  };
  const delivered = await mailer.send(
    { to: email, ...welcomeEmail(email, links), replyTo: config.STUDIO_EMAIL },
    job.id ?? job.name,
  );
  return { sent: true, to: email, ...delivered };
}
