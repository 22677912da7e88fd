import { expect, it } from 'vitest';
import { STORE_PROBE_HEADER as header, writerRuleHits as hits } from '../fixtures/repo-lint';

// One writer for the abandoned-checkout documents (docs/recovery.md): the repository's own
// eslint.config.js refuses code outside shared/src/server/recovery that names `checkoutRecoveries`
// or `emailOptOuts`, and holds that module to the one writer of orders.

it('refuses a route or a worker job that writes a recovery or an opt-out itself, and passes the recovery module', async () => {
  const optOut = `${header}export const probe = (store: DocumentStore) => store.set(COLLECTIONS.emailOptOuts, 'x', {});\n`;
  const route = await hits('api/src/routes/email/probe.ts', optOut);
  expect(route).toHaveLength(1);
  expect(route[0].message).toContain('@shop/shared/server/recovery');
  const recovery = `${header}export const probe = (store: DocumentStore) => store.update('checkoutRecoveries', 'o1', {});\n`;
  expect(await hits('worker/src/jobs/orders/probe.ts', recovery)).toHaveLength(1);
  expect(await hits('shared/src/server/orders/probe.ts', recovery)).toHaveLength(1);
  expect(await hits('shared/src/server/team-orders/probe.ts', optOut)).toHaveLength(1);
  expect(await hits('shared/src/server/recovery/probe.ts', optOut)).toEqual([]);
  expect(await hits('shared/src/server/recovery/probe.ts', recovery)).toEqual([]);
  // The recovery module reads orders through the order module only.
  const orders = `${header}export const probe = (store: DocumentStore) => store.get('orders', 'o1');\n`;
  expect(await hits('shared/src/server/recovery/probe.ts', orders)).toHaveLength(1);
});
