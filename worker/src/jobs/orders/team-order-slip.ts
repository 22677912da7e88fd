import { packingSlipMessage } from '@shop/shared/domain/team-order';
import type { Order } from '@shop/shared/schemas';
import type { PrintfulClient, PrintfulOrder, PrintfulPackingSlip } from '@shop/shared/server/printful';
import { markTeamOrderPaid, teamOrderOfPaidOrder } from '@shop/shared/server/team-orders';
import type { JobContext } from '../../job-module.js';
import { placePrintfulOrder } from './printful-order.js';

// A team order's parcel (docs/rules.md#team-orders): when the paid order is the one a lead put in
// their cart from a team order, its Printful order carries everyone's name and choice on the packing
// slip, and the team order is marked paid. Any other order is placed as it always was.

/** Places the order with `place`, given the team order's packing slip when the order is one. */
export async function withTeamSlip(
  ctx: Pick<JobContext, 'store'>,
  order: Order,
  place: (packingSlip?: PrintfulPackingSlip) => Promise<PrintfulOrder>,
): Promise<PrintfulOrder> {
  const team = await teamOrderOfPaidOrder(ctx.store, order);
  const placed = await place(team ? { message: packingSlipMessage(team.doc) } : undefined);
  if (team) await markTeamOrderPaid(ctx.store, team.id, order.id);
  return placed;
}

/** The confirmed Printful order, with the team's packing slip when the order is a team order's. */
export function placeOrderWithTeamSlip(
  ctx: Pick<JobContext, 'store'>,
  printful: PrintfulClient,
  order: Order,
): Promise<PrintfulOrder> {
  return withTeamSlip(ctx, order, (packingSlip) => placePrintfulOrder(printful, order, packingSlip));
}
