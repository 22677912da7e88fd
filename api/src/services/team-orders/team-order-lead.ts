import { AppError, MESSAGES } from '@shop/shared';
import {
  closingDateProblem,
  reminderDelayMs,
  teamCartRequests,
  teamOrderReminderJobId,
  teamOrderState,
} from '@shop/shared/domain/team-order';
import { studioDate, studioDayEnd } from '@shop/shared/domain/time';
import type {
  CreateTeamOrderBody,
  TeamOrderCartResult,
  TeamOrderDoc,
  TeamOrderLeadView,
  TeamOrderList,
} from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import { newTeamOrderSecret } from '@shop/shared/server/team-orders';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';
import { storeRead } from '../store/store-read.js';
import { leadView, lineCounts, retiredNames, teamOrderList, touched, type TeamOrderDeps } from './team-order-views.js';

// The lead's side of a team order (docs/rules.md#team-orders): a signed-in lead starts one (and is
// reminded the day before it closes), reads the list, removes lines, closes, revokes the link and
// turns the summed lines into their cart. An admin may read, never change.

/** Who is asking for a lead's view: the lead, or an admin (who only reads). */
export interface TeamOrderCaller {
  uid: string;
  isAdmin: boolean;
}

/** The lead as the account names them: a short name members will recognise. */
export interface TeamOrderLead {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export class TeamOrderLeadSide {
  constructor(private readonly deps: TeamOrderDeps) {}

  async create(lead: TeamOrderLead, body: CreateTeamOrderBody): Promise<TeamOrderLeadView> {
    const now = this.deps.now();
    const problem = closingDateProblem(body.closesOn, studioDate(now, this.deps.timeZone));
    if (problem) throw new AppError('invalid-argument', problem);
    const ids = [...new Set(body.productIds)];
    const products = await Promise.all(ids.map((id) => this.deps.lookup().getProduct(id)));
    const offered = products.map((product, i) => {
      if (!product) throw new AppError('not-found', MESSAGES.productNotFound);
      if (body.color && !product.variants.some((variant) => variant.color === body.color))
        throw new AppError('invalid-argument', MESSAGES.teamOrderChoiceUnavailable);
      return { id: ids[i], title: product.title.slice(0, 200) };
    });
    const stamp = now.toISOString();
    const { id, doc } = await this.deps.records.createTeamOrder({
      leadUid: lead.uid,
      leadName: body.leadName ?? leadNameOf(lead),
      leadEmail: lead.email,
      title: body.title || `${offered[0].title}`.slice(0, 40),
      products: offered,
      color: body.color ?? null,
      closesOn: body.closesOn,
      closesAt: studioDayEnd(body.closesOn, this.deps.timeZone),
      maxMembers: body.maxMembers,
      linkToken: newTeamOrderSecret(),
      status: 'open',
      closedAt: null,
      members: [],
      cartLines: null,
      cartFilledAt: null,
      orderId: null,
      shippedNoticesAt: null,
      createdAt: stamp,
      updatedAt: stamp,
    });
    const view = await leadView(this.deps, id, doc, 'lead');
    if (lead.email) await this.queueReminder(view);
    return view;
  }

  /**
   * The lead's reminder a day before it closes (none when less than a day is left). The order
   * stands without it: a queue that cannot be reached costs the reminder only, and is logged.
   */
  private async queueReminder(view: TeamOrderLeadView): Promise<void> {
    const delay = reminderDelayMs(view.closesAt, this.deps.now());
    if (delay === null) return;
    await queueOrUnavailable(
      () =>
        this.deps.queues.notifications.add(
          JOBS.notifications.teamOrderReminder,
          { teamOrderId: view.id },
          {
            jobId: teamOrderReminderJobId(view.id),
            delay,
            attempts: 5,
            backoff: { type: 'exponential', delay: 60_000 },
          },
        ),
      { timeoutMs: 2_000 },
    ).catch((err: unknown) => this.deps.log.error({ err, teamOrderId: view.id }, 'could not queue the reminder'));
  }

  /** A lead's team orders; 503 when the store fails (as every read a request makes here). */
  async listOfLead(uid: string): Promise<TeamOrderList> {
    return teamOrderList(this.deps, await storeRead(() => this.deps.records.listTeamOrdersOfLead(uid)));
  }

  async listAll(): Promise<TeamOrderList> {
    return teamOrderList(this.deps, await storeRead(() => this.deps.records.listTeamOrders()));
  }

  /** `read` for a request's first answer: a store failure is 503. */
  readOrUnavailable(caller: TeamOrderCaller, id: string): Promise<TeamOrderLeadView> {
    return storeRead(() => this.read(caller, id));
  }

  /** The lead's view; an admin may read it too. Anyone else is refused. */
  async read(caller: TeamOrderCaller, id: string): Promise<TeamOrderLeadView> {
    const doc = await this.leadDoc(caller, id, { adminReads: true });
    return leadView(this.deps, id, doc, viewerOf(caller, doc));
  }

  async removeMember(caller: TeamOrderCaller, id: string, memberId: string): Promise<TeamOrderLeadView> {
    await this.leadDoc(caller, id);
    const doc = await this.deps.records.changeTeamOrder(id, (current) => {
      if (current.status === 'paid') throw new AppError('failed-precondition', MESSAGES.teamOrderAlreadyPaid);
      // Removing a line that is already gone changes nothing, so a repeated request is harmless.
      return touched(this.deps, { ...current, members: current.members.filter((m) => m.id !== memberId) });
    });
    this.deps.announce(id);
    return leadView(this.deps, id, doc, 'lead');
  }

  async close(caller: TeamOrderCaller, id: string): Promise<TeamOrderLeadView> {
    await this.leadDoc(caller, id);
    const doc = await this.deps.records.changeTeamOrder(id, (current) =>
      current.status === 'open'
        ? touched(this.deps, { ...current, status: 'closed', closedAt: this.deps.now().toISOString() })
        : current,
    );
    this.deps.announce(id);
    return leadView(this.deps, id, doc, 'lead');
  }

  /** The link stops working; `renew` issues a new one in its place. */
  async setLink(caller: TeamOrderCaller, id: string, renew: boolean): Promise<TeamOrderLeadView> {
    await this.leadDoc(caller, id);
    const doc = await this.deps.records.changeTeamOrder(id, (current) =>
      touched(this.deps, { ...current, linkToken: renew ? newTeamOrderSecret() : null }),
    );
    this.deps.announce(id);
    return leadView(this.deps, id, doc, 'lead');
  }

  /**
   * The closed order's lines, summed, become the lead's cart (replacing what it held), so the
   * usual checkout applies: shipping quote, discount codes, the margin guard, one payment. Lines
   * whose product or variant was retired meanwhile are left out and named.
   */
  async fillCart(caller: TeamOrderCaller, id: string): Promise<TeamOrderCartResult> {
    const doc = await this.leadDoc(caller, id);
    const state = teamOrderState(doc, this.deps.now());
    if (state === 'open') throw new AppError('failed-precondition', MESSAGES.teamOrderStillOpen);
    if (state === 'paid') throw new AppError('failed-precondition', MESSAGES.teamOrderAlreadyPaid);
    if (doc.members.length === 0) throw new AppError('failed-precondition', MESSAGES.teamOrderEmpty);
    const counts = await lineCounts(this.deps, doc);
    const kept = counts.filter((line) => !line.unavailable);
    const leftOut = counts.filter((line) => line.unavailable);
    if (kept.length > 0) {
      // Each line carries the team order's id, which the checkout copies onto the order: the paid
      // order is this team order's by id, whatever the lead changes in the cart before paying.
      await this.deps.carts().replace({ kind: 'user', uid: doc.leadUid }, teamCartRequests(kept), null, undefined, {
        teamOrderId: id,
      });
      // Remembered for the packing slip: who is in the parcel.
      const cartLines = kept.map(({ productId, size, color, count }) => ({ productId, size, color, count }));
      await this.deps.records.changeTeamOrder(id, (current) =>
        touched(this.deps, { ...current, cartLines, cartFilledAt: this.deps.now().toISOString() }),
      );
      this.deps.announce(id);
    }
    return {
      units: kept.reduce((sum, line) => sum + line.count, 0),
      leftOut,
      notice: leftOut.length ? MESSAGES.teamOrderRetired(retiredNames(leftOut)) : null,
    };
  }

  private async leadDoc(caller: TeamOrderCaller, id: string, { adminReads = false } = {}): Promise<TeamOrderDoc> {
    const doc = await this.deps.records.readTeamOrder(id);
    if (!doc) throw new AppError('not-found', MESSAGES.teamOrderNotFound);
    if (doc.leadUid !== caller.uid && !(adminReads && caller.isAdmin))
      throw new AppError('permission-denied', MESSAGES.teamOrderNotLead);
    return doc;
  }
}

/** The lead reads as the lead (even when also an admin); an admin who is not the lead reads as the studio. */
function viewerOf(caller: TeamOrderCaller, doc: TeamOrderDoc): TeamOrderLeadView['viewer'] {
  return caller.uid === doc.leadUid ? 'lead' : 'studio';
}

/** The account's display name, else the part of the e-mail before the @, at most 40 characters. */
function leadNameOf(lead: TeamOrderLead): string {
  const name = (lead.displayName ?? lead.email?.split('@')[0] ?? '').replace(/\p{Cc}/gu, '').trim();
  return (name || 'Your team lead').slice(0, 40);
}
