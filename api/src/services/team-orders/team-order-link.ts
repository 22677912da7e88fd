import { randomUUID } from 'node:crypto';
import { AppError, MESSAGES } from '@shop/shared';
import { teamOrderNotice, teamOrderState } from '@shop/shared/domain/team-order';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type {
  TeamMemberChoice,
  TeamMemberDoc,
  TeamMemberJoined,
  TeamMemberOwnView,
  TeamOrderDoc,
  TeamOrderLinkView,
} from '@shop/shared/schemas';
import { memberKeyMatches, newMemberKey, type StoredTeamOrder } from '@shop/shared/server/team-orders';
import { storeRead } from '../store/store-read.js';
import { ownView, productViews, touched, type TeamOrderDeps } from './team-order-views.js';

// The members' side of a team order (docs/rules.md#team-orders): anyone with the link reads it and
// joins with a name, size and colour until it closes; a line is changed or withdrawn only with the
// key its member was given on joining.

export class TeamOrderLinkSide {
  constructor(private readonly deps: TeamOrderDeps) {}

  async readLink(
    token: string,
    me?: { memberId: string; key: string },
    viewerUid?: string | null,
  ): Promise<TeamOrderLinkView> {
    const { id, doc } = await storeRead(() => this.byToken(token));
    const state = teamOrderState(doc, this.deps.now());
    const mine = me ? doc.members.find((m) => m.id === me.memberId && memberKeyMatches(me.key, m.keyHash)) : undefined;
    return {
      title: doc.title,
      leadName: doc.leadName,
      products: await productViews(this.deps, doc),
      color: doc.color,
      closesOn: doc.closesOn,
      closesAt: doc.closesAt,
      state,
      notice: teamOrderNotice(doc, state),
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
    const stamp = this.deps.now().toISOString();
    const member: TeamMemberDoc = {
      id: randomUUID(),
      keyHash,
      ...lineOf(choice),
      joinedAt: stamp,
      updatedAt: stamp,
    };
    await this.deps.records.changeTeamOrder(id, (current) => {
      this.assertOpen(current, token);
      if (current.members.length >= current.maxMembers)
        throw new AppError('failed-precondition', MESSAGES.teamOrderFull(current.maxMembers));
      return touched(this.deps, { ...current, members: [...current.members, member] });
    });
    this.deps.announce(id);
    return { member: ownView(member), key };
  }

  /** The whole line again: an e-mail address left out is removed. */
  async change(token: string, memberId: string, key: string, choice: TeamMemberChoice): Promise<TeamMemberOwnView> {
    const { id, doc } = await this.byToken(token);
    await this.assertChoice(doc, choice);
    const stamp = this.deps.now().toISOString();
    const next = await this.deps.records.changeTeamOrder(id, (current) => {
      this.assertOpen(current, token);
      this.ownLine(current, memberId, key);
      return touched(this.deps, {
        ...current,
        members: current.members.map((m) => (m.id === memberId ? { ...m, ...lineOf(choice), updatedAt: stamp } : m)),
      });
    });
    this.deps.announce(id);
    return ownView(next.members.find((m) => m.id === memberId)!);
  }

  async withdraw(token: string, memberId: string, key: string): Promise<void> {
    const { id } = await this.byToken(token);
    await this.deps.records.changeTeamOrder(id, (current) => {
      this.assertOpen(current, token);
      this.ownLine(current, memberId, key);
      return touched(this.deps, { ...current, members: current.members.filter((m) => m.id !== memberId) });
    });
    this.deps.announce(id);
  }

  private async byToken(token: string): Promise<StoredTeamOrder> {
    const found = await this.deps.records.findTeamOrderByToken(token);
    if (!found) throw new AppError('not-found', MESSAGES.teamOrderLinkGone);
    return found;
  }

  /** Inside the transaction: the link still names this order and the order still takes changes. */
  private assertOpen(doc: TeamOrderDoc, token: string): void {
    if (doc.linkToken !== token) throw new AppError('not-found', MESSAGES.teamOrderLinkGone);
    if (teamOrderState(doc, this.deps.now()) !== 'open')
      throw new AppError('failed-precondition', MESSAGES.teamOrderClosed(doc.leadName));
  }

  private ownLine(doc: TeamOrderDoc, memberId: string, key: string): void {
    const member = doc.members.find((m) => m.id === memberId);
    if (!member) throw new AppError('not-found', MESSAGES.teamOrderMemberNotFound);
    if (!memberKeyMatches(key, member.keyHash)) throw new AppError('permission-denied', MESSAGES.teamOrderMemberKey);
  }

  /** The product is offered, the colour is the fixed one if any, and the catalogue sells that size and colour. */
  private async assertChoice(doc: TeamOrderDoc, choice: TeamMemberChoice): Promise<void> {
    if (teamOrderState(doc, this.deps.now()) !== 'open')
      throw new AppError('failed-precondition', MESSAGES.teamOrderClosed(doc.leadName));
    if (!doc.products.some((p) => p.id === choice.productId))
      throw new AppError('invalid-argument', MESSAGES.teamOrderProductNotOffered);
    if (doc.color && choice.color !== doc.color)
      throw new AppError('invalid-argument', MESSAGES.teamOrderColorFixed(doc.color));
    const product = await this.deps.lookup().getProduct(choice.productId);
    if (!product) throw new AppError('aborted', MESSAGES.productUnavailable);
    if (!sellsChoice(product, choice.size, choice.color))
      throw new AppError('invalid-argument', MESSAGES.teamOrderChoiceUnavailable);
  }
}

function sellsChoice(product: StorefrontProduct | null, size: string, color: string): boolean {
  return (product?.variants ?? []).some((variant) => variant.size === size && variant.color === color);
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
