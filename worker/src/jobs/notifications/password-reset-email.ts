import type { Job } from 'bullmq';
import { passwordResetJobDataSchema } from '@shop/shared/schemas';
import type { Config } from '@shop/shared/server/config';
import { passwordResetCodes, type PasswordResetCodes } from '@shop/shared/server/identity';
import { absoluteUrl, passwordResetPath } from '@shop/shared/pages';
import type { Email, Mailer } from './mail-transport.js';
import { BRAND, brandedFrame, buttonHtml } from './branded-layout.js';
import { escapeHtml, oneLine } from './email-layout.js';

// The e-mail with a link to choose a new password (docs/rules.md#validation), asked for on /login
// through POST /api/auth/password-reset. The link is made here, when the job runs, from the
// identity provider's one-time code, and leads to the store's own page: neither the link nor the
// code is ever in the job's data, its result or a log line (the queue dashboard shows all three).
// An address without an account gets nothing, and the request's answer did not say so.

/** Firebase's reset codes work for an hour and once (docs/going-live.md#the-password-reset-e-mail). */
const LINK_LIFETIME = 'one hour';

export function passwordResetEmail(email: string, links: { url: string; origin: string }): Omit<Email, 'to'> {
  const subject = oneLine(`Choose a new password for your ${BRAND} account`);
  const asked = `Someone, most likely you, asked to choose a new password for the account ${email} at the ${BRAND} store.`;
  const lifetime = `The link works for ${LINK_LIFETIME}, and once.`;
  const notYou = 'If you did not ask, ignore this e-mail: your password stays as it is.';
  const text = [asked, '', `Choose a new password: ${links.url}`, '', lifetime, notYou, '', BRAND].join('\n');
  const html = brandedFrame({
    title: subject,
    headerNote: 'Your account',
    origin: links.origin,
    bodyHtml: `<h1 style="font-size:22px;margin:0 0 12px 0">Choose a new password</h1>
<p style="margin:0 0 12px 0">${escapeHtml(asked)}</p>
${buttonHtml(links.url, 'Choose a new password')}
<p style="margin:0 0 12px 0">${escapeHtml(lifetime)}</p>`,
    footerHtml: escapeHtml(notYou),
  });
  return { subject, text, html };
}

export type PasswordResetOutcome =
  { sent: true; to: string; messageId: string; file: string | null } | { sent: false; reason: string };

const codesByConfig = new WeakMap<Config, PasswordResetCodes>();
function codesFor(config: Config): PasswordResetCodes {
  let codes = codesByConfig.get(config);
  if (!codes) {
    codes = passwordResetCodes(config);
    codesByConfig.set(config, codes);
  }
  return codes;
}

export async function sendPasswordResetEmail(job: Job, config: Config, mailer: Mailer): Promise<PasswordResetOutcome> {
  const { email, returnTo } = passwordResetJobDataSchema.parse(job.data);
  const code = await codesFor(config).codeFor(email);
  if (code === null) return { sent: false, reason: 'no account has this address' };
  const url = absoluteUrl(config.PUBLIC_URL, passwordResetPath(code, returnTo));
  const delivered = await mailer.send(
    { to: email, ...passwordResetEmail(email, { url, origin: new URL(config.PUBLIC_URL).origin }) },
    job.id ?? job.name,
  );
  return { sent: true, to: email, ...delivered };
}
