import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MailTransportMissingError, createMailer } from '../../src/jobs/notifications/mail-transport.js';

// Without SMTP a production worker wrote e-mails as files inside its container, where nobody reads
// them (and its non-root user may not even create the folder): confirmations silently never left.

const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-mail-transport-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the mail transport', () => {
  it('refuses to run in production without SMTP_URL, writing no .eml file', () => {
    const outbox = path.join(dir, 'production-outbox');
    expect(() =>
      createMailer({
        NODE_ENV: 'production',
        SMTP_URL: undefined,
        MAIL_FROM: 'Shop <shop@example.com>',
        OUTBOX_DIR: outbox,
      }),
    ).toThrow(MailTransportMissingError);
    expect(existsSync(outbox)).toBe(false);
  });

  it('writes .eml files in development', async () => {
    const outbox = path.join(dir, 'development-outbox');
    const mailer = createMailer({
      NODE_ENV: 'development',
      SMTP_URL: undefined,
      MAIL_FROM: 'Shop <shop@example.com>',
      OUTBOX_DIR: outbox,
    });
    const delivered = await mailer.send(
      { to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' },
      'job-1',
    );
    expect(delivered.file).toBe(path.join(outbox, 'job-1.eml'));
    expect(existsSync(delivered.file as string)).toBe(true);
  });

  it('marks every message as sent by a machine (Auto-Submitted), so vacation replies and auto-responders stay silent', async () => {
    const mailer = createMailer({
      NODE_ENV: 'development',
      SMTP_URL: undefined,
      MAIL_FROM: 'Shop <shop@example.com>',
      OUTBOX_DIR: path.join(dir, 'auto-outbox'),
    });
    const delivered = await mailer.send(
      { to: 'ada@example.com', subject: 'Your order', text: 'Hi', html: '<p>Hi</p>' },
      'job-2',
    );
    const raw = readFileSync(delivered.file as string, 'utf8');
    const headers = raw.slice(0, raw.indexOf('\n\n'));
    expect(headers).toMatch(/^Auto-Submitted: auto-generated$/m);
    // A text part beside the HTML one, for readers that show no HTML.
    expect(raw).toMatch(/Content-Type: text\/plain/);
  });
});
