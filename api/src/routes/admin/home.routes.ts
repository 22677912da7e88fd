import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chargedAmount,
  isSale,
  orderAttention,
  refundedAmount,
  salesByCurrency,
  salesTotals,
  type OrderAttention,
} from '@shop/shared/domain/order';
import { studioDate, studioPeriods, studioTimeZone } from '@shop/shared/domain/time';
import { adminHomeSchema, type AdminHome, type Order, type SalesFigures } from '@shop/shared/schemas';

// GET /api/admin/home: the first screen the studio sees after signing in. Today's and this month's
// sales (counted from the studio's midnight, in its own time zone, with the sales report's own
// sums), the paid orders waiting on the studio, new quotes, and whether the last product sync
// went well. Each figure is read fresh; a studio's shop has thousands of orders, not millions.

/** Paid and then given back whole: cancelled within the grace period, or refunded by the studio. */
const refundedInFull = (order: Order) =>
  order.status === 'refunded' ||
  (chargedAmount(order) > 0 && refundedAmount(order.refunds) >= chargedAmount(order) - 0.005);

async function readOrders(app: FastifyInstance, since: string) {
  const sales: Order[] = [];
  const waiting: Record<OrderAttention, number> = { held: 0, failed: 0, returned: 0, 'cancel-requested': 0 };
  await app.orders.forEach((order) => {
    const attention = orderAttention(order);
    if (attention) waiting[attention] += 1;
    if (isSale(order) && order.paidAt >= since) sales.push(order);
  });
  return { sales, waiting };
}

async function lastSync(app: FastifyInstance): Promise<AdminHome['sync']> {
  try {
    const jobs = await app.syncJobs.list();
    const last = jobs.find((job) => job.state !== 'waiting' || !job.scheduledFor);
    if (!last) return { state: null, at: null, problem: null };
    return {
      state: last.state,
      at: last.finishedAt ?? last.queuedAt ?? null,
      problem: last.state === 'failed' ? (last.error ?? 'The sync stopped before it finished.') : null,
    };
  } catch {
    return { state: null, at: null, problem: 'The sync history could not be read just now.' };
  }
}

export default async function adminHomeRoutes(app: FastifyInstance) {
  const fee = { percent: app.config.STRIPE_FEE_PERCENT, fixed: app.config.STRIPE_FEE_FIXED };
  const timeZone = studioTimeZone(app.config);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/home',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The admin home: today's and this month's sales in the studio's time zone, orders waiting, new quotes, sync health",
        response: { 200: adminHomeSchema },
      },
    },
    async (_request, reply) => {
      const now = new Date();
      const periods = studioPeriods(now, timeZone);
      const [{ sales, waiting }, newQuotes, belowCost, sync] = await Promise.all([
        readOrders(app, periods.monthStart),
        app.quotes.countNew(),
        app.catalogMargins.countBelowCost(),
        lastSync(app),
      ]);
      // The headline nets refunds: an order cancelled and refunded in full is no sale of the day.
      const figures = (orders: Order[]): SalesFigures => {
        const t = salesTotals(orders, fee);
        const refunded = orders.filter(refundedInFull).length;
        // docs/rules.md#local-prices: dollars, with what was paid in each other currency beside them.
        const byCurrency = salesByCurrency(orders.filter((order) => isSale(order) && !refundedInFull(order)));
        return {
          orders: t.orders - refunded,
          revenue: Math.round((t.revenue - t.refunds) * 100) / 100,
          net: t.net,
          refunded,
          ...(byCurrency.some((row) => row.currency !== 'USD') ? { byCurrency } : {}),
        };
      };
      const body: AdminHome = {
        timeZone,
        date: studioDate(now, timeZone),
        month: periods.month,
        today: figures(sales.filter((o) => o.paidAt! >= periods.dayStart)),
        thisMonth: figures(sales),
        waiting,
        newQuotes,
        sync,
        belowCost,
      };
      return reply.header('cache-control', 'private, no-store').send(body);
    },
  );
}
