import type { Job } from 'bullmq';
import { alertsForPrintfulEvent } from '@shop/shared/domain/order';
import { confirmRepricedDraft } from './repriced-draft.js';
import { printfulOrderEventJobDataSchema } from '@shop/shared/schemas';
import { type EventOutcome } from '@shop/shared/server/orders';
import {
  asPrintfulReports,
  printfulDisagreement,
  printfulFactKey,
  type PrintfulClient,
} from '@shop/shared/providers/printful';
import type { JobContext } from '../../../job-module.js';
import { queueAlert, queueShippedEmail } from '../order-alerts.js';
import { findByExternalId } from './printful-order.js';
import { queueTeamShippedEmails } from '../team-order-slip.js';

// One Printful order webhook (docs/contracts.md#http-api), verified by the API's token and queued
// here, so that the order's fulfilment moves on in a job, through the order module, never in the
// webhook's request. The token only proves the sender knew
// it, so the event is checked against the order Printful itself reports before it changes
// anything; it is recorded in the order's history once, applied or not.

export type PrintfulEventOutcome =
  | {
      outcome: EventOutcome;
      orderId: string;
      firstTime: boolean;
      status: string;
      fulfilment: string;
      /** What the event's e-mails are keyed on (printfulFactKey); null when Printful has no such order. */
      fact: string | null;
    }
  | { outcome: 'order-unknown'; externalId: string };

export async function processPrintfulEvent(
  job: Job,
  ctx: JobContext,
  printful: PrintfulClient,
): Promise<PrintfulEventOutcome> {
  const claimed = printfulOrderEventJobDataSchema.parse(job.data);
  // A Printful failure other than 404 throws: BullMQ's backoff retries the event later.
  const report = await findByExternalId(printful, claimed.externalId);
  const event = report ? asPrintfulReports(claimed, report) : claimed;
  const disagreement = report ? printfulDisagreement(claimed, report) : `Printful has no order ${claimed.externalId}`;
  const result = await ctx.orders.applyPrintfulEvent(event, disagreement);
  const log = ctx.logger.child({ printfulEvent: event.deliveryId, type: event.type });
  if (!result.order) {
    log.info({ externalId: event.externalId }, 'printful event for an order this shop does not have');
    return { outcome: 'order-unknown', externalId: event.externalId };
  }
  const { order } = result;
  const fact = report ? printfulFactKey(event, report) : null;
  // Repeated after a crash or replayed with a new `created`: keyed on the fact, the e-mails stay single.
  if (result.outcome === 'applied' && fact) {
    if (event.type === 'package_shipped') {
      await queueShippedEmail(ctx, order);
      // A team order's parcel: each person in it who gave an address hears too (docs/rules.md#team-orders).
      await queueTeamShippedEmails(ctx, order);
    }
    for (const alert of alertsForPrintfulEvent(event.type, order)) {
      await queueAlert(ctx, order.id, { ...alert, subject: fact, note: event.reason });
    }
    if (event.type === 'order_remove_hold' && report?.status === 'draft')
      await confirmRepricedDraft(ctx, printful, order, report, fact);
  }
  log.info({ orderId: order.id, outcome: result.outcome, firstTime: result.firstTime, disagreement }, 'printful event');
  return {
    outcome: result.outcome,
    orderId: order.id,
    firstTime: result.firstTime,
    status: order.status,
    fulfilment: order.fulfilment.status,
    fact,
  };
}
