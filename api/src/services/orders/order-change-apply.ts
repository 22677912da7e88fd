import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import { graceChangeJobId, ORDER_JOB_OPTIONS } from '@shop/shared/domain/order';
import type { Order, OrderCancelBody, OrderChangeResponse, OrderGraceJobData } from '@shop/shared/schemas';
import type { OrderEdit } from '@shop/shared/server/orders';
import { JOBS } from '@shop/shared/server/queues';
import { shopperOrderView } from './order-views.js';
import { withLineChoices } from './order-change-choices.js';

/** A paid order has its number; the view the lookup shows needs it. */
const isNumbered = (order: Order | null): order is Order & { number: string } => typeof order?.number === 'string';

export function changeNotFoundMessage(proof: OrderCancelBody): string {
  if ('sessionId' in proof) return MESSAGES.orderNotFound(proof.sessionId);
  return proof.key !== undefined ? MESSAGES.orderLinkNotFound : MESSAGES.orderChangeNotFound;
}

/**
 * Records a shopper's change (or its undoing) in the order's transaction, queues the job that
 * brings the Printful draft in line and e-mails both sides, and answers the order as it now is.
 */
export async function applyShopperChange(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  target: { order: Order; proof: OrderCancelBody; uid: string | null },
  basedOn: number,
  edit: OrderEdit,
): Promise<OrderChangeResponse> {
  const { order, proof, uid } = target;
  const result = await app.orders.recordChange(order.id, basedOn, edit);
  if (!result) throw new AppError('not-found', changeNotFoundMessage(proof));
  if (result.kind === 'refused') throw new AppError(result.code, result.message);
  const child = log.child({ orderId: order.id, change: edit.record.kind, changeNumber: result.changeNumber });
  // The change is recorded: a queue that is down now delays the draft's update, which the
  // release brings in line before it confirms the order, but does not undo the change.
  try {
    const data: OrderGraceJobData = { orderId: order.id };
    await app.queues.orders.add(JOBS.orders.graceChange, data, {
      ...ORDER_JOB_OPTIONS,
      jobId: graceChangeJobId(order.id, result.changeNumber),
    });
  } catch (error) {
    child.error({ err: error }, 'change recorded but its job could not be queued');
  }
  child.info('shopper changed the order');
  const changed = await app.orders.named(proof, uid);
  if (!isNumbered(changed)) throw new AppError('not-found', changeNotFoundMessage(proof));
  const view = await withLineChoices(app, changed, shopperOrderView(changed));
  return { outcome: 'changed' as const, message: MESSAGES.orderChanged, order: view };
}
