import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '@shop/shared/server/logger';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Secret tokens never reach the log (docs/rules.md#money-and-abuse): team-order links, the order
// link's key, the password reset's oobCode, the restore and unsubscribe tokens and the Printful
// webhook's token, wherever they appear: the path, the query, an error's message or stack, or a
// message of the server's own. The tokens stored only as hashes would otherwise be open in the logs.

const TEAM = 'T'.repeat(16) + 'e'.repeat(16);
const SECRETS = {
  team: TEAM,
  key: 'K3yK3yK3yK3yK3yK3yK3yK3yK3yK3yK3',
  oob: 'oobSecretCode123',
  restore: 'RestoreTokenSecret_abc123',
  unsubscribe: 'UnsubscribeSecret_xyz789',
  webhook: 'printfulWebhookSecret',
};

const lines: string[] = [];
const options = () => ({
  ...loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'test' }),
  stream: { write: (line: string) => lines.push(line) },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { logger: options() });
});
afterAll(() => t?.close());

describe('the request log', () => {
  it('shows every address with its secrets replaced, in the path, the query and errors', async () => {
    for (const url of [
      `/api/team-orders/link/${TEAM}`,
      `/api/team-orders/link/${TEAM}/members`,
      `/store/team/${TEAM}`,
      `/store/order-status?number=CS-10001&key=${SECRETS.key}`,
      `/account/reset-password?oobCode=${SECRETS.oob}&next=%2Fstore`,
      `/store/cart/restore/${SECRETS.restore}`,
      `/api/email/unsubscribe?token=${SECRETS.unsubscribe}`,
      `/api/webhooks/printful/${SECRETS.webhook}`,
      `/api/nowhere/store/team/${TEAM}?key=${SECRETS.key}`,
    ])
      await t.app.inject({ method: 'GET', url });
    await t.app.inject({ method: 'POST', url: '/api/cart-restore', payload: { token: SECRETS.restore } });
    const log = lines.join('');
    expect(log).toContain('[redacted]');
    for (const [name, secret] of Object.entries(SECRETS)) expect(log, name).not.toContain(secret);
    // What is not secret stays readable.
    expect(log).toContain('/store/order-status?number=CS-10001&key=[redacted]');
    expect(log).toContain('next=%2Fstore');
  });

  it('cleans an error’s message and stack, and a message of its own', () => {
    const written: string[] = [];
    const logger = pino(
      { ...loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'test' }) },
      {
        write: (line: string) => written.push(line),
      },
    );
    const error = new Error(`fetch failed for http://shop.test/store/team/${TEAM}?oobCode=${SECRETS.oob}`);
    logger.error({ err: error }, 'restore failed');
    logger.info('Route %s:%s not found', 'GET', `/store/cart/restore/${SECRETS.restore}`);
    logger.warn(`unsubscribe link /api/email/unsubscribe?token=${SECRETS.unsubscribe} refused`);
    const log = written.join('');
    for (const secret of [TEAM, SECRETS.oob, SECRETS.restore, SECRETS.unsubscribe]) expect(log).not.toContain(secret);
    expect(log).toContain('/store/team/[redacted]?oobCode=[redacted]');
  });

  it('keeps the team-order pages that carry no secret as they are', () => {
    const written: string[] = [];
    const logger = pino(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'test' }), {
      write: (l: string) => written.push(l),
    });
    logger.info('opened /store/team/start and /store/team/lead/abc123');
    expect(written.join('')).toContain('/store/team/start and /store/team/lead/abc123');
  });
});
