import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  isSale,
  monthsBefore,
  monthsBetween,
  salesByCurrency,
  salesReport,
  salesReportCsv,
} from '@shop/shared/domain/order';
import {
  SALES_MONTH_FIELDS,
  SALES_REPORT_MAX_MONTHS,
  salesReportQuerySchema,
  salesReportSchema,
} from '@shop/shared/schemas';
import { studioDate, studioDayStart, studioPeriods, studioTimeZone } from '@shop/shared/domain/time';

// GET /api/admin/reports/sales (docs/rules.md#the-back-office): what the shop earned, month by month, as JSON
// for the admin's chart and table or as CSV for a spreadsheet. The sums are shared/domain's
// salesReport; Stripe's fee is estimated from STRIPE_FEE_PERCENT and STRIPE_FEE_FIXED.

const DEFAULT_MONTHS = 12;

export default async function adminReportRoutes(app: FastifyInstance) {
  // Months are the studio's (docs/admin.md#times): an order paid on the evening of the 30th in
  // Los Angeles is that month's, as the admin home counts it, not the next UTC month's.
  const timeZone = studioTimeZone(app.config);
  const monthOf = (iso: string) => studioDate(new Date(iso), timeZone).slice(0, 7);
  const currentMonth = () => studioPeriods(new Date(), timeZone).month;
  const monthStart = (month: string) => studioDayStart(`${month}-01`, timeZone);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/reports/sales',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Sales and margin by month (from, to: YYYY-MM; default the last 12 months); format=csv for a spreadsheet',
        querystring: salesReportQuerySchema,
        response: { 200: salesReportSchema },
      },
    },
    async (request, reply) => {
      const to = request.query.to ?? currentMonth();
      const from = request.query.from ?? monthsBefore(to, DEFAULT_MONTHS - 1);
      const span = monthsBetween(from, to).length;
      if (span === 0 || span > SALES_REPORT_MAX_MONTHS)
        throw new AppError('invalid-argument', MESSAGES.reportRangeInvalid(SALES_REPORT_MAX_MONTHS));
      const end = monthsBefore(to, -1);
      const orders = await app.orders.paidBetween(monthStart(from), monthStart(end));
      const fees = { percent: app.config.STRIPE_FEE_PERCENT, fixed: app.config.STRIPE_FEE_FIXED };
      const months = salesReport(orders, { from, to }, fees, monthOf);
      // docs/recovery.md: the orders paid from a cart the abandoned-checkout e-mail brought back.
      const recoveredIds = await app.recovery.recoveredOrderIds();
      const recoveredMonths = salesReport(
        orders.filter((order) => recoveredIds.has(order.id)),
        { from, to },
        fees,
        monthOf,
      );
      const recovered = {
        orders: recoveredMonths.reduce((n, m) => n + m.orders, 0),
        revenue: Math.round(recoveredMonths.reduce((n, m) => n + m.revenue, 0) * 100) / 100,
      };
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'csv') {
        // The CSV text goes out as it is: its own serializer bypasses the JSON schema's.
        const csv: unknown = salesReportCsv(months, SALES_MONTH_FIELDS);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="sales-${from}-to-${to}.csv"`)
          .serializer((payload: unknown) => String(payload))
          .send(csv as { months: typeof months });
      }
      // docs/rules.md#local-prices: what was paid in each currency over the months, and in dollars.
      const inRange = new Set(months.map((m) => m.month));
      const byCurrency = salesByCurrency(orders.filter((o) => isSale(o) && inRange.has(monthOf(o.paidAt))));
      return reply.send({ months, recovered, byCurrency });
    },
  );
}
