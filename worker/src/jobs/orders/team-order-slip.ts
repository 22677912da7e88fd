import { packingSlipMessage } from '@shop/shared/domain/team-order';
import type { Order } from '@shop/shared/schemas';
import type { PrintfulClient, PrintfulOrder } from '@shop/shared/server/printful';
import { markTeamOrderPaid, teamOrderOfPaidOrder } from '@shop/shared/server/team-orders';
import type { JobContext } from '../../job-module.js';
import { placePrintfulOrder } from './printful-order.js';

// A team order's parcel (docs/rules.md#team-orders): when the paid order is the one a lead put in
// their cart from a team order, its Printful order carries everyone's name and choice on the packing
// slip, and the team order is marked paid. Any other order is placed as it always was.

export async function placeOrderWithTeamSlip(
  ctx: Pick<JobContext, 'store'>,
  printful: PrintfulClient,
  order: Order,
): Promise<PrintfulOrder> {
  const team = await teamOrderOfPaidOrder(ctx.store, order);
  const placed = await placePrintfulOrder(
    printful,
    order,
    team ? { message: packingSlipMessage(team.doc) } : undefined,
  );
  if (team) await markTeamOrderPaid(ctx.store, team.id, order.id);
  return placed;
}
