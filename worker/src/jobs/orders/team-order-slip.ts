import { ORDER_JOB_OPTIONS } from '@shop/shared/domain/order';
import { membersInParcel, packingSlipMessage, teamShippedEmailJobId } from '@shop/shared/domain/team-order';
import type { Order, TeamOrderShippedJobData } from '@shop/shared/schemas';
import type { PrintfulClient, PrintfulOrder, PrintfulPackingSlip } from '@shop/shared/providers/printful';
import { JOBS } from '@shop/shared/server/queues';
import type { JobContext } from '../../job-module.js';
import { placePrintfulOrder } from './printful/printful-order.js';

// A team order's parcel (docs/rules.md#team-orders): when the paid order is the one a lead put in
// their cart from a team order, its Printful order carries everyone's name and choice on the packing
// slip, and the team order is marked paid. Any other order is placed as it always was. When the
// parcel ships, each person in it who left an e-mail address hears so, once.

/** Places the order with `place`, given the team order's packing slip when the order is one. */
export async function withTeamSlip(
  ctx: Pick<JobContext, 'teamOrders'> & Partial<Pick<JobContext, 'publish'>>,
  order: Order,
  place: (packingSlip?: PrintfulPackingSlip) => Promise<PrintfulOrder>,
): Promise<PrintfulOrder> {
  const team = await ctx.teamOrders.teamOrderOfPaidOrder(order);
  const placed = await place(team ? { message: packingSlipMessage(team.doc) } : undefined);
  if (team) {
    await ctx.teamOrders.markTeamOrderPaid(team.id, order.id);
    // The lead's live list shows it paid (an announcement lost with Redis costs only that).
    await ctx.publish?.({ type: 'team-order.changed', id: team.id }).catch(() => undefined);
  }
  return placed;
}

/** The confirmed Printful order, with the team's packing slip when the order is a team order's. */
export function placeOrderWithTeamSlip(
  ctx: Pick<JobContext, 'teamOrders'> & Partial<Pick<JobContext, 'publish'>>,
  printful: PrintfulClient,
  order: Order,
  externalId?: string,
): Promise<PrintfulOrder> {
  return withTeamSlip(ctx, order, (packingSlip) => placePrintfulOrder(printful, order, packingSlip, externalId));
}

/**
 * The shipped order is a team order's: each member in the parcel who gave an e-mail address gets
 * one note (a job per member, keyed on the team order and the member), then the team order
 * remembers it, so a repeated or replayed shipment queues nothing again. A member who withdrew or
 * was removed is not in the list; one whose line was left out of the cart is not in the parcel.
 */
export async function queueTeamShippedEmails(
  ctx: Pick<JobContext, 'teamOrders' | 'queues'>,
  order: Order,
): Promise<number> {
  if (order.status !== 'shipped') return 0;
  const team = await ctx.teamOrders.teamOrderOfOrder(order.id);
  if (!team || team.doc.shippedNoticesAt) return 0;
  const members = membersInParcel(team.doc).filter((m) => m.email);
  for (const member of members) {
    const data: TeamOrderShippedJobData = { teamOrderId: team.id, memberId: member.id };
    await ctx.queues.notifications.add(JOBS.notifications.teamOrderShipped, data, {
      ...ORDER_JOB_OPTIONS,
      jobId: teamShippedEmailJobId(team.id, member.id),
    });
  }
  await ctx.teamOrders.markTeamShippedNotices(team.id);
  return members.length;
}
