import type { FastifyBaseLogger } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import type {
  AdminQuote,
  QuoteDocument,
  QuoteJobData,
  QuoteReply,
  QuoteReplyJobData,
  QuoteUpdate,
} from '@shop/shared/schemas';
import { COLLECTIONS, getReadableDoc, scanDocs } from '@shop/shared/server/collections';
import { JOBS } from '@shop/shared/server/queues';
import type { DocumentStore } from '@shop/shared/server/store';
import type { Queues } from '../../plugins/infrastructure.js';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';
import { storeRead } from '../store/store-read.js';

// The quotes' one owner (`app.quotes`, quotes-plugin.ts): the visitor's request from /contact/quote, the studio's
// inbox, status and replies. Every read and write of the `quotes` collection is here, and the
// e-mail jobs that announce a request or carry a reply are queued here. A read or a studio's write that fails on the store is 503 (storeRead).

const QUOTES_LIMIT = 500;

/** What the studio's change of status or note writes. */
export type QuoteChange = Pick<QuoteUpdate, 'status'> & { note?: string; updatedAt: string; updatedBy: string };

export class QuoteService {
  constructor(
    private readonly store: DocumentStore,
    private readonly queues: Pick<Queues, 'notifications'>,
  ) {}

  /**
   * A visitor's request from /contact/quote: stored, then announced to the studio by the
   * notifications worker. With an idempotency key, a resubmission of a stored quote only makes
   * sure its notification is queued. A queue that is down is 503: with a key the quote stays (the
   * visitor's retry finds it and queues the job); without one the write is undone, leaving no
   * duplicate behind a retry that could not be recognised.
   */
  async receive(id: string, key: string | null, quote: QuoteDocument, log: FastifyBaseLogger): Promise<void> {
    // Stored before the job is queued, so the worker always finds the quote it is told about.
    if (!key || !(await this.exists(id))) await this.create(id, quote);
    await queueOrUnavailable(
      // The job id makes a repeated add of the same quote a no-op.
      () =>
        this.queues.notifications.add(JOBS.notifications.quoteReceived, { quoteId: id } satisfies QuoteJobData, {
          jobId: `quote-${id}`,
        }),
      {
        onFailure: async (err) => {
          log.error({ err, quoteId: id }, 'could not queue the quote notification');
          if (!key) await this.remove(id);
        },
      },
    );
  }

  /**
   * A reply from the studio: kept in the thread first (the worker reads it from the quote), then
   * its e-mail queued; if that cannot be queued the reply and the status change are taken back, so
   * nothing half-saved says a message went out. Null when there is no such quote.
   */
  async sendReply(id: string, sent: QuoteReply, log: FastifyBaseLogger): Promise<AdminQuote | null> {
    const result = await this.addReply(id, sent);
    if (!result) return null;
    const data: QuoteReplyJobData = { quoteId: id, replyId: sent.id };
    try {
      await queueOrUnavailable(() =>
        this.queues.notifications.add(JOBS.notifications.quoteReply, data, { jobId: `quote-reply-${sent.id}` }),
      );
    } catch (e) {
      log.error({ err: e, quoteId: id }, 'could not queue the quote reply; taking it back');
      await this.withdrawReply(id, sent, result.before);
      throw new AppError('unavailable', MESSAGES.quoteReplyNotSent);
    }
    return result.after;
  }

  /** Whether a quote is stored under this id (a resubmission with the same idempotency key). */
  async exists(id: string): Promise<boolean> {
    return (await this.store.get(COLLECTIONS.quotes, id)) !== null;
  }

  /** Stores a visitor's new quote request. */
  async create(id: string, quote: QuoteDocument): Promise<void> {
    await this.store.set(COLLECTIONS.quotes, id, quote);
  }

  /** Takes back a request whose notification could not be queued. */
  async remove(id: string): Promise<void> {
    await this.store.delete(COLLECTIONS.quotes, id);
  }

  /** The inbox: newest first, optionally of one status. */
  list(status: AdminQuote['status'] | undefined): Promise<AdminQuote[]> {
    return storeRead(async () => {
      const quotes: AdminQuote[] = [];
      await scanDocs(
        this.store,
        COLLECTIONS.quotes,
        (doc) => quotes.push({ ...doc.data, id: doc.id }),
        status ? { where: [['status', '==', status]] } : {},
      );
      return quotes.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, QUOTES_LIMIT);
    });
  }

  /** How many quotes are new (the admin home). */
  countNew(): Promise<number> {
    return storeRead(async () => {
      let n = 0;
      await scanDocs(this.store, COLLECTIONS.quotes, () => (n += 1), { where: [['status', '==', 'new']] });
      return n;
    });
  }

  /** The quotes sent from any of these addresses, lower-cased (a customer's page). */
  fromEmails(emails: ReadonlySet<string>): Promise<AdminQuote[]> {
    return storeRead(async () => {
      const quotes: AdminQuote[] = [];
      await scanDocs(this.store, COLLECTIONS.quotes, ({ id, data }) => {
        if (emails.has(data.email.trim().toLowerCase())) quotes.push({ ...data, id });
      });
      return quotes;
    });
  }

  read(id: string): Promise<AdminQuote | null> {
    return storeRead(async () => {
      const quote = await getReadableDoc(this.store, COLLECTIONS.quotes, id);
      return quote ? { ...quote, id } : null;
    });
  }

  /** Sets the studio's status and note; null when there is no such quote. */
  update(id: string, change: QuoteChange): Promise<AdminQuote | null> {
    return storeRead(() =>
      this.store.transaction(async (tx) => {
        const current = await getReadableDoc(tx, COLLECTIONS.quotes, id);
        if (!current) return null;
        tx.update(COLLECTIONS.quotes, id, change);
        return { ...current, ...change, id };
      }),
    );
  }

  /**
   * Keeps a reply in the quote's thread (a new quote becomes contacted); null when there is no such
   * quote. Answers the quote before and after.
   */
  addReply(id: string, sent: QuoteReply): Promise<{ before: AdminQuote; after: AdminQuote } | null> {
    return storeRead(() =>
      this.store.transaction(async (tx) => {
        const current = await getReadableDoc(tx, COLLECTIONS.quotes, id);
        if (!current) return null;
        const before = { ...current, id };
        const next = {
          replies: [...(before.replies ?? []), sent],
          status: before.status === 'new' ? ('contacted' as const) : before.status,
          updatedAt: sent.at,
          updatedBy: sent.by,
        };
        tx.update(COLLECTIONS.quotes, id, next);
        return { before, after: { ...before, ...next } };
      }),
    );
  }

  /** Takes back a reply whose e-mail could not be queued, and the status it moved. */
  withdrawReply(id: string, sent: QuoteReply, before: AdminQuote): Promise<void> {
    return storeRead(() =>
      this.store.transaction(async (tx) => {
        const current = await getReadableDoc(tx, COLLECTIONS.quotes, id);
        if (!current) return;
        tx.update(COLLECTIONS.quotes, id, {
          replies: (current.replies ?? []).filter((r) => r.id !== sent.id),
          status: current.status === 'contacted' && before.status === 'new' ? 'new' : current.status,
        });
      }),
    );
  }
}
