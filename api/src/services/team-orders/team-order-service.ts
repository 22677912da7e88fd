import { randomUUID } from 'node:crypto';
import { AppError, MESSAGES } from '@shop/shared';
import {
  closingDateProblem,
  teamCartRequests,
  teamLineCounts,
  teamOrderState,
  type TeamLineCount,
} from '@shop/shared/domain/team-order';
import { studioDate, studioDayEnd } from '@shop/shared/domain/time';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type {
  CreateTeamOrderBody,
  TeamMemberChoice,
  TeamMemberDoc,
  TeamMemberJoined,
  TeamMemberOwnView,
  TeamMemberView,
  TeamOrderCartResult,
  TeamOrderCount,
  TeamOrderDoc,
  TeamOrderLeadView,
  TeamOrderLinkView,
  TeamOrderList,
  TeamOrderProductView,
} from '@shop/shared/schemas';
import {
  memberKeyMatches,
  newMemberKey,
  newTeamOrderSecret,
  type StoredTeamOrder,
  type TeamOrderRecords,
} from '@shop/shared/server/team-orders';
import type { ProductLookup } from '../catalog/product-lookup.js';
import { storeRead } from '../store/store-read.js';
import type { CartService } from '../cart/cart-service.js';

// Team orders by link (docs/rules.md#team-orders): a signed-in lead starts one, anyone with the
// link joins with a name, size and colour until it closes, and the lead alone reads the list,
// removes lines, closes, revokes the link and turns the summed lines into their cart.

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

/** A line as the lead and the studio read it: name and choice, never the member's e-mail address. */
const memberView = (member: TeamMemberDoc): TeamMemberView => ({
  id: member.id,
  name: member.name,
  productId: member.productId,
  size: member.size,
  color: member.color,
  joinedAt: member.joinedAt,
  updatedAt: member.updatedAt,
});

/** A line as its own member reads it, with their key: with the address they gave, to keep or remove it. */
const ownView = (member: TeamMemberDoc): TeamMemberOwnView => ({ ...memberView(member), email: member.email });

function sellsChoice(product: StorefrontProduct | null, size: string, color: string): boolean {
  return (product?.variants ?? []).some((variant) => variant.size === size && variant.color === color);
}

export class TeamOrderService {
  constructor(
    private readonly records: TeamOrderRecords,
    private readonly lookup: () => ProductLookup,
    private readonly carts: () => CartService,
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
    /** Tells every API replica that the team order changed, so the lead's live list follows. */
    private readonly announce: (id: string) => void = () => undefined,
  ) {}

  async create(lead: TeamOrderLead, body: CreateTeamOrderBody): Promise<TeamOrderLeadView> {
    const now = this.now();
    const problem = closingDateProblem(body.closesOn, studioDate(now, this.timeZone));
    if (problem) throw new AppError('invalid-argument', problem);
    const ids = [...new Set(body.productIds)];
    const products = await Promise.all(ids.map((id) => this.lookup().getProduct(id)));
    const offered = products.map((product, i) => {
      if (!product) throw new AppError('not-found', MESSAGES.productNotFound);
      if (body.color && !product.variants.some((variant) => variant.color === body.color))
        throw new AppError('invalid-argument', MESSAGES.teamOrderChoiceUnavailable);
      return { id: ids[i], title: product.title.slice(0, 200) };
    });
    const stamp = now.toISOString();
    const { id, doc } = await this.records.createTeamOrder({
      leadUid: lead.uid,
      leadName: body.leadName ?? leadNameOf(lead),
      leadEmail: lead.email,
      title: body.title || `${offered[0].title}`.slice(0, 40),
      products: offered,
      color: body.color ?? null,
      closesOn: body.closesOn,
      closesAt: studioDayEnd(body.closesOn, this.timeZone),
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
    return this.leadView(id, doc, 'lead');
  }

  /** A lead's team orders; 503 when the store fails (as every read a request makes here). */
  async listOfLead(uid: string): Promise<TeamOrderList> {
    return this.list(await storeRead(() => this.records.listTeamOrdersOfLead(uid)));
  }

  async listAll(): Promise<TeamOrderList> {
    return this.list(await storeRead(() => this.records.listTeamOrders()));
  }

  private list(orders: StoredTeamOrder[]): TeamOrderList {
    const now = this.now();
    return {
      teamOrders: orders.map(({ id, doc }) => ({
        id,
        title: doc.title,
        leadName: doc.leadName,
        state: teamOrderState(doc, now),
        closesOn: doc.closesOn,
        closesAt: doc.closesAt,
        memberCount: doc.members.length,
        maxMembers: doc.maxMembers,
        createdAt: doc.createdAt,
      })),
    };
  }

  // ---- the lead's side ----

  /** The lead's view; an admin may read it too. Anyone else is refused. */
  /** `read` for a request's first answer: a store failure is 503. */
  readOrUnavailable(caller: TeamOrderCaller, id: string): Promise<TeamOrderLeadView> {
    return storeRead(() => this.read(caller, id));
  }

  async read(caller: TeamOrderCaller, id: string): Promise<TeamOrderLeadView> {
    const doc = await this.leadDoc(caller, id, { adminReads: true });
    return this.leadView(id, doc, viewerOf(caller, doc));
  }

  async removeMember(caller: TeamOrderCaller, id: string, memberId: string): Promise<TeamOrderLeadView> {
    await this.leadDoc(caller, id);
    const doc = await this.records.changeTeamOrder(id, (current) => {
      if (current.status === 'paid') throw new AppError('failed-precondition', MESSAGES.teamOrderAlreadyPaid);
      // Removing a line that is already gone changes nothing, so a repeated request is harmless.
      return this.touched({ ...current, members: current.members.filter((m) => m.id !== memberId) });
    });
    this.announce(id);
    return this.leadView(id, doc, 'lead');
  }

  async close(caller: TeamOrderCaller, id: string): Promise<TeamOrderLeadView> {
    await this.leadDoc(caller, id);
    const doc = await this.records.changeTeamOrder(id, (current) =>
      current.status === 'open'
        ? this.touched({ ...current, status: 'closed', closedAt: this.now().toISOString() })
        : current,
    );
    this.announce(id);
    return this.leadView(id, doc, 'lead');
  }

  /** The link stops working; `renew` issues a new one in its place. */
  async setLink(caller: TeamOrderCaller, id: string, renew: boolean): Promise<TeamOrderLeadView> {
    await this.leadDoc(caller, id);
    const doc = await this.records.changeTeamOrder(id, (current) =>
      this.touched({ ...current, linkToken: renew ? newTeamOrderSecret() : null }),
    );
    this.announce(id);
    return this.leadView(id, doc, 'lead');
  }

  /**
   * The closed order's lines, summed, become the lead's cart (replacing what it held), so the
   * usual checkout applies: shipping quote, discount codes, the margin guard, one payment. Lines
   * whose product or variant was retired meanwhile are left out and named.
   */
  async fillCart(caller: TeamOrderCaller, id: string): Promise<TeamOrderCartResult> {
    const doc = await this.leadDoc(caller, id);
    const state = teamOrderState(doc, this.now());
    if (state === 'open') throw new AppError('failed-precondition', MESSAGES.teamOrderStillOpen);
    if (state === 'paid') throw new AppError('failed-precondition', MESSAGES.teamOrderAlreadyPaid);
    if (doc.members.length === 0) throw new AppError('failed-precondition', MESSAGES.teamOrderEmpty);
    const counts = await this.counts(doc);
    const kept = counts.filter((line) => !line.unavailable);
    const leftOut = counts.filter((line) => line.unavailable);
    if (kept.length > 0) {
      // Each line carries the team order's id, which the checkout copies onto the order: the paid
      // order is this team order's by id, whatever the lead changes in the cart before paying.
      await this.carts().replace({ kind: 'user', uid: doc.leadUid }, teamCartRequests(kept), null, undefined, {
        teamOrderId: id,
      });
      // Remembered for the packing slip: who is in the parcel.
      const cartLines = kept.map(({ productId, size, color, count }) => ({ productId, size, color, count }));
      await this.records.changeTeamOrder(id, (current) =>
        this.touched({ ...current, cartLines, cartFilledAt: this.now().toISOString() }),
      );
      this.announce(id);
    }
    return {
      units: kept.reduce((sum, line) => sum + line.count, 0),
      leftOut,
      notice: leftOut.length ? MESSAGES.teamOrderRetired(retiredNames(leftOut)) : null,
    };
  }

  private async leadDoc(caller: TeamOrderCaller, id: string, { adminReads = false } = {}): Promise<TeamOrderDoc> {
    const doc = await this.records.readTeamOrder(id);
    if (!doc) throw new AppError('not-found', MESSAGES.teamOrderNotFound);
    if (doc.leadUid !== caller.uid && !(adminReads && caller.isAdmin))
      throw new AppError('permission-denied', MESSAGES.teamOrderNotLead);
    return doc;
  }

  // ---- the members' side (anyone with the link) ----

  async readLink(
    token: string,
    me?: { memberId: string; key: string },
    viewerUid?: string | null,
  ): Promise<TeamOrderLinkView> {
    const { id, doc } = await storeRead(() => this.byToken(token));
    const state = teamOrderState(doc, this.now());
    const mine = me ? doc.members.find((m) => m.id === me.memberId && memberKeyMatches(me.key, m.keyHash)) : undefined;
    return {
      title: doc.title,
      leadName: doc.leadName,
      products: await this.productViews(doc),
      color: doc.color,
      closesOn: doc.closesOn,
      closesAt: doc.closesAt,
      state,
      notice: state === 'open' ? null : MESSAGES.teamOrderClosed(doc.leadName),
      memberCount: doc.members.length,
      maxMembers: doc.maxMembers,
      me: mine ? ownView(mine) : null,
      leadOrderId: viewerUid && viewerUid === doc.leadUid ? id : null,
    };
  }

  async join(token: string, choice: TeamMemberChoice): Promise<TeamMemberJoined> {
    const { id, doc } = await this.byToken(token);
    await this.assertChoice(doc, choice);
    const { key, keyHash } = newMemberKey();
    const stamp = this.now().toISOString();
    const member: TeamMemberDoc = {
      id: randomUUID(),
      keyHash,
      ...lineOf(choice),
      joinedAt: stamp,
      updatedAt: stamp,
    };
    await this.records.changeTeamOrder(id, (current) => {
      this.assertOpen(current, token);
      if (current.members.length >= current.maxMembers)
        throw new AppError('failed-precondition', MESSAGES.teamOrderFull(current.maxMembers));
      return this.touched({ ...current, members: [...current.members, member] });
    });
    this.announce(id);
    return { member: ownView(member), key };
  }

  /** The whole line again: an e-mail address left out is removed. */
  async change(token: string, memberId: string, key: string, choice: TeamMemberChoice): Promise<TeamMemberOwnView> {
    const { id, doc } = await this.byToken(token);
    await this.assertChoice(doc, choice);
    const stamp = this.now().toISOString();
    const next = await this.records.changeTeamOrder(id, (current) => {
      this.assertOpen(current, token);
      this.ownLine(current, memberId, key);
      return this.touched({
        ...current,
        members: current.members.map((m) => (m.id === memberId ? { ...m, ...lineOf(choice), updatedAt: stamp } : m)),
      });
    });
    this.announce(id);
    return ownView(next.members.find((m) => m.id === memberId)!);
  }

  async withdraw(token: string, memberId: string, key: string): Promise<void> {
    const { id } = await this.byToken(token);
    await this.records.changeTeamOrder(id, (current) => {
      this.assertOpen(current, token);
      this.ownLine(current, memberId, key);
      return this.touched({ ...current, members: current.members.filter((m) => m.id !== memberId) });
    });
    this.announce(id);
  }

  private async byToken(token: string): Promise<StoredTeamOrder> {
    const found = await this.records.findTeamOrderByToken(token);
    if (!found) throw new AppError('not-found', MESSAGES.teamOrderLinkGone);
    return found;
  }

  /** Inside the transaction: the link still names this order and the order still takes changes. */
  private assertOpen(doc: TeamOrderDoc, token: string): void {
    if (doc.linkToken !== token) throw new AppError('not-found', MESSAGES.teamOrderLinkGone);
    if (teamOrderState(doc, this.now()) !== 'open')
      throw new AppError('failed-precondition', MESSAGES.teamOrderClosed(doc.leadName));
  }

  private ownLine(doc: TeamOrderDoc, memberId: string, key: string): void {
    const member = doc.members.find((m) => m.id === memberId);
    if (!member) throw new AppError('not-found', MESSAGES.teamOrderMemberNotFound);
    if (!memberKeyMatches(key, member.keyHash)) throw new AppError('permission-denied', MESSAGES.teamOrderMemberKey);
  }

  /** The product is offered, the colour is the fixed one if any, and the catalogue sells that size and colour. */
  private async assertChoice(doc: TeamOrderDoc, choice: TeamMemberChoice): Promise<void> {
    if (teamOrderState(doc, this.now()) !== 'open')
      throw new AppError('failed-precondition', MESSAGES.teamOrderClosed(doc.leadName));
    if (!doc.products.some((p) => p.id === choice.productId))
      throw new AppError('invalid-argument', MESSAGES.teamOrderProductNotOffered);
    if (doc.color && choice.color !== doc.color)
      throw new AppError('invalid-argument', MESSAGES.teamOrderColorFixed(doc.color));
    const product = await this.lookup().getProduct(choice.productId);
    if (!product) throw new AppError('aborted', MESSAGES.productUnavailable);
    if (!sellsChoice(product, choice.size, choice.color))
      throw new AppError('invalid-argument', MESSAGES.teamOrderChoiceUnavailable);
  }

  // ---- views ----

  private touched(doc: TeamOrderDoc): TeamOrderDoc {
    return { ...doc, updatedAt: this.now().toISOString() };
  }

  private async productViews(doc: TeamOrderDoc): Promise<TeamOrderProductView[]> {
    return Promise.all(
      doc.products.map(async ({ id, title }) => {
        const product = await this.lookup().getProduct(id);
        const variants = (product?.variants ?? [])
          .filter((variant) => !doc.color || variant.color === doc.color)
          .map((variant) => ({ size: variant.size, color: variant.color }));
        return {
          id,
          title: product?.title ?? title,
          imageUrl: product?.thumbnail_url || product?.images?.[0] || null,
          price: product?.price ?? 0,
          variants,
          unavailable: variants.length === 0,
        };
      }),
    );
  }

  private async counts(doc: TeamOrderDoc, views?: TeamOrderProductView[]): Promise<TeamOrderCount[]> {
    const products = views ?? (await this.productViews(doc));
    return teamLineCounts(
      doc.members,
      doc.products.map((p) => p.id),
    ).map((line: TeamLineCount) => {
      const product = products.find((p) => p.id === line.productId);
      return {
        ...line,
        title: product?.title ?? line.productId,
        unavailable: !product?.variants.some((v) => v.size === line.size && v.color === line.color),
      };
    });
  }

  private async leadView(
    id: string,
    doc: TeamOrderDoc,
    viewer: TeamOrderLeadView['viewer'],
  ): Promise<TeamOrderLeadView> {
    const products = await this.productViews(doc);
    const counts = await this.counts(doc, products);
    return {
      id,
      viewer,
      title: doc.title,
      leadName: doc.leadName,
      products,
      color: doc.color,
      closesOn: doc.closesOn,
      closesAt: doc.closesAt,
      maxMembers: doc.maxMembers,
      state: teamOrderState(doc, this.now()),
      linkToken: doc.linkToken,
      members: doc.members.map((member) => {
        const product = products.find((p) => p.id === member.productId);
        return {
          ...memberView(member),
          productTitle: product?.title ?? member.productId,
          unavailable: !product?.variants.some((v) => v.size === member.size && v.color === member.color),
        };
      }),
      counts,
      createdAt: doc.createdAt,
    };
  }
}

/** The lead reads as the lead (even when also an admin); an admin who is not the lead reads as the studio. */
function viewerOf(caller: TeamOrderCaller, doc: TeamOrderDoc): TeamOrderLeadView['viewer'] {
  return caller.uid === doc.leadUid ? 'lead' : 'studio';
}

/** The stored line of a choice: the e-mail address given, or null (none given, or removed). */
function lineOf(choice: TeamMemberChoice): Omit<TeamMemberDoc, 'id' | 'keyHash' | 'joinedAt' | 'updatedAt'> {
  return {
    name: choice.name,
    productId: choice.productId,
    size: choice.size,
    color: choice.color,
    email: choice.email ?? null,
  };
}

/** The account's display name, else the part of the e-mail before the @, at most 40 characters. */
function leadNameOf(lead: TeamOrderLead): string {
  const name = (lead.displayName ?? lead.email?.split('@')[0] ?? '').replace(/\p{Cc}/gu, '').trim();
  return (name || 'Your team lead').slice(0, 40);
}

function retiredNames(lines: TeamOrderCount[]): string {
  return lines.map((line) => `${line.count} × ${line.title} (${line.size}, ${line.color})`).join('; ');
}
