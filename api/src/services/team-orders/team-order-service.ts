import type { TeamMemberChoice } from '@shop/shared/schemas';
import { TeamOrderLeadSide, type TeamOrderCaller, type TeamOrderLead } from './team-order-lead.js';
import { TeamOrderLinkSide } from './team-order-link.js';
import type { TeamOrderDeps } from './team-order-views.js';

// Team orders by link (docs/rules.md#team-orders), as `app.teamOrders`: the lead's side
// (team-order-lead.ts) and the members' side (team-order-link.ts) behind one service, sharing the
// views both answer with (team-order-views.ts). Every change is announced, and the lead's reminder
// queued, here rather than in a route.

export class TeamOrderService {
  private readonly lead: TeamOrderLeadSide;
  private readonly link: TeamOrderLinkSide;

  constructor(deps: TeamOrderDeps) {
    this.lead = new TeamOrderLeadSide(deps);
    this.link = new TeamOrderLinkSide(deps);
  }

  // ---- the lead's side ----

  create(lead: TeamOrderLead, body: Parameters<TeamOrderLeadSide['create']>[1]) {
    return this.lead.create(lead, body);
  }
  listOfLead(uid: string) {
    return this.lead.listOfLead(uid);
  }
  listAll() {
    return this.lead.listAll();
  }
  read(caller: TeamOrderCaller, id: string) {
    return this.lead.read(caller, id);
  }
  readOrUnavailable(caller: TeamOrderCaller, id: string) {
    return this.lead.readOrUnavailable(caller, id);
  }
  removeMember(caller: TeamOrderCaller, id: string, memberId: string) {
    return this.lead.removeMember(caller, id, memberId);
  }
  close(caller: TeamOrderCaller, id: string) {
    return this.lead.close(caller, id);
  }
  setLink(caller: TeamOrderCaller, id: string, renew: boolean) {
    return this.lead.setLink(caller, id, renew);
  }
  fillCart(caller: TeamOrderCaller, id: string) {
    return this.lead.fillCart(caller, id);
  }

  // ---- the members' side (anyone with the link) ----

  readLink(token: string, me?: { memberId: string; key: string }, viewerUid?: string | null) {
    return this.link.readLink(token, me, viewerUid);
  }
  join(token: string, choice: TeamMemberChoice) {
    return this.link.join(token, choice);
  }
  change(token: string, memberId: string, key: string, choice: TeamMemberChoice) {
    return this.link.change(token, memberId, key, choice);
  }
  withdraw(token: string, memberId: string, key: string) {
    return this.link.withdraw(token, memberId, key);
  }
}
