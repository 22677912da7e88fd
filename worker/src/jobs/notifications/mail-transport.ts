import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '@shop/shared/server/config';

// Where e-mail goes (docs/contracts.md#queues-and-events): SMTP when SMTP_URL is set, otherwise each message is
// written as an .eml file under OUTBOX_DIR, the raw message nodemailer would have sent. Never in
// production: there the files would sit unread inside a container, and nobody would get mail.

export interface Email {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on the abandoned-checkout e-mail). */
  headers?: Record<string, string>;
}

export interface Delivered {
  messageId: string;
  /** The .eml file written, when there is no SMTP server. */
  file: string | null;
}

export interface Mailer {
  /** `key` names the message (the job id): a retried job rewrites its file instead of adding one. */
  send(email: Email, key: string): Promise<Delivered>;
}

/**
 * Every message here is written by the shop, not a person (RFC 3834): auto-responders and
 * vacation replies must not answer it.
 */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated' } as const;

const safeFileName = (key: string) => key.replace(/[^A-Za-z0-9_.-]/g, '_');

export class MailTransportMissingError extends Error {
  constructor() {
    super('SMTP_URL is not set: production sends e-mail over SMTP only (no .eml files)');
    this.name = 'MailTransportMissingError';
  }
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'OUTBOX_DIR' | 'NODE_ENV'>): Mailer {
  if (!config.SMTP_URL && config.NODE_ENV === 'production') throw new MailTransportMissingError();
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(email) {
        const info = await smtp.sendMail({
          from: config.MAIL_FROM,
          ...email,
          headers: { ...AUTOMATIC, ...email.headers },
        });
        return { messageId: String(info.messageId), file: null };
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.resolve(config.OUTBOX_DIR);
  return {
    async send(email, key) {
      const info = await stream.sendMail({
        from: config.MAIL_FROM,
        ...email,
        headers: { ...AUTOMATIC, ...email.headers },
      });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${safeFileName(key)}.eml`);
      // Written aside, then renamed: a reader never sees half a message. The aside file is hidden
      // and named apart, so one listing the outbox by a message's name never picks it up (a
      // browser test once read a half-written message that way).
      const partial = path.join(outbox, `.${process.pid}.${safeFileName(key)}.partial`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      return { messageId: String(info.messageId), file };
    },
  };
}
