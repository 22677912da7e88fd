import type { FastifyBaseLogger } from 'fastify';
import { welcomeEmailJobId, type WelcomeJobData } from '@shop/shared/schemas';
import { COLLECTIONS } from '@shop/shared/server/collections';
import { JOBS } from '@shop/shared/server/queues';
import type { DocumentStore } from '@shop/shared/server/store';
import type { Queues } from '../../plugins/infrastructure.js';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';

// The welcome e-mail after sign-up (`app.welcomeEmails`, docs/rules.md#the-signed-in-shopper): one
// per account, ever. The mark that decides it is a document, `welcomeEmails/{uid}`, written only
// here: Redis may keep nothing across a restart (production's and the local one do not), and a mark
// lost with it would send every account that asks again a second welcome. It is made in a
// transaction that finds none, so two tabs asking at once queue one e-mail, and taken back when the
// job could not be queued, so the next sign-in's request tries again.

export interface WelcomeEmailDeps {
  queues: Pick<Queues, 'notifications'>;
  store: DocumentStore;
}

export class WelcomeEmails {
  constructor(private readonly deps: WelcomeEmailDeps) {}

  /** Marks the account as welcomed; false when it already was. */
  private markFirst(uid: string): Promise<boolean> {
    return this.deps.store.transaction(async (tx) => {
      if (await tx.get(COLLECTIONS.welcomeEmails, uid)) return false;
      tx.set(COLLECTIONS.welcomeEmails, uid, { queuedAt: new Date().toISOString() });
      return true;
    });
  }

  /** Queues the account's welcome e-mail unless it was queued before; true when this call queued it. */
  async welcome(uid: string, email: string | null, log: FastifyBaseLogger): Promise<boolean> {
    if (!email) return false;
    if (!(await this.markFirst(uid))) return false;
    const data: WelcomeJobData = { email };
    try {
      await queueOrUnavailable(
        () =>
          this.deps.queues.notifications.add(JOBS.notifications.welcome, data, {
            jobId: welcomeEmailJobId(uid),
            attempts: 3,
            backoff: { type: 'exponential', delay: 5_000 },
            // The address is personal data: nothing of the job stays once it is done.
            removeOnComplete: true,
            removeOnFail: { age: 24 * 3600 },
          }),
        { onFailure: (err) => log.error({ err }, 'could not queue the welcome e-mail') },
      );
    } catch (error) {
      await this.deps.store.delete(COLLECTIONS.welcomeEmails, uid).catch(() => undefined);
      throw error;
    }
    return true;
  }
}
