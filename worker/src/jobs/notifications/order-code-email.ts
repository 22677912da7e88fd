import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { absoluteUrl, orderStatusPath } from '@shop/shared/pages';
import { issueOrderCode, ORDER_CODE_TTL_MINUTES } from '@shop/shared/server/order-codes';
import type { JobContext } from '../../job-module.js';
import { BRAND, brandedOrderEmail, orderNumberOf } from './branded-layout.js';
import type { Mailer } from './mail-transport.js';

// The one-time code the order lookup asked for (docs/after-payment.md#who-may-change-an-order),
// to the order's own address only. The code is made here, as the e-mail is written, so it is
// stored nowhere but in the e-mail: Redis keeps only its hash (server/order-codes).

const dataSchema = z.object({ orderId: z.string().min(1) });

export async function sendOrderCodeEmail(job: Job, ctx: JobContext, mailer: Mailer) {
  const { orderId } = dataSchema.parse(job.data);
  const order = await ctx.orders.readOrder(orderId);
  if (!order) throw new UnrecoverableError(`No order ${orderId} to send a code for`);
  if (!order.customerEmail) return { sent: false as const, reason: 'the order has no e-mail address' };
  const code = await issueOrderCode(ctx.redis, ctx.config.QUEUE_PREFIX, orderId);
  const number = orderNumberOf(order);
  const email = brandedOrderEmail(
    order,
    {
      subject: `Your ${BRAND} code for order ${number}: ${code}`,
      heading: `Your code: ${code}`,
      paragraphs: [
        `Enter it on the order page to see the whole order and change or cancel it. It works once, for ${ORDER_CODE_TTL_MINUTES} minutes.`,
        'If you did not ask for it, you can ignore this e-mail: without the code nobody can change your order.',
      ],
    },
    {
      url: absoluteUrl(ctx.config.PUBLIC_URL, orderStatusPath(order.number)),
      label: 'Open the order page',
      supportEmail: ctx.config.STUDIO_EMAIL,
    },
  );
  const delivered = await mailer.send({ to: order.customerEmail, ...email }, job.id ?? `${job.name}-${orderId}`);
  return { sent: true as const, to: order.customerEmail, ...delivered };
}
