import { expect, it } from 'vitest';
import { STORE_PROBE_HEADER as header, writerRuleHits as hits } from '../fixtures/repo-lint';

// One writer for the welcome marks (docs/rules.md#the-signed-in-shopper): the repository's own
// eslint.config.js refuses code outside api/src/services/account that names `welcomeEmails`, and
// holds that folder to the other collections' one writers.

it('refuses a welcome mark written outside the account service, and passes the account service', async () => {
  const mark = `${header}export const probe = (store: DocumentStore) => store.set(COLLECTIONS.welcomeEmails, 'u1', {});\n`;
  const byName = `${header}export const probe = (store: DocumentStore) => store.delete('welcomeEmails', 'u1');\n`;
  const route = await hits('api/src/routes/account/probe.ts', mark);
  expect(route.map((m) => m.message)).toContain(
    'The welcome marks are read and written only by api/src/services/account (app.welcomeEmails: one writer).',
  );
  expect(await hits('api/src/services/cart/probe.ts', byName)).toHaveLength(1);
  expect(await hits('worker/src/jobs/notifications/probe.ts', mark)).toHaveLength(1);
  expect(await hits('shared/src/server/recovery/probe.ts', byName)).toHaveLength(1);
  expect(await hits('api/src/services/account/probe.ts', mark)).toEqual([]);
  expect(await hits('api/src/services/account/probe.ts', byName)).toEqual([]);
  // The account service is held to the other one writers: no order of its own.
  const orders = `${header}export const probe = (store: DocumentStore) => store.get('orders', 'o1');\n`;
  expect(await hits('api/src/services/account/probe.ts', orders)).toHaveLength(1);
});
