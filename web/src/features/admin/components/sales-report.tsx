import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FieldSpeed } from './field-speed';
import { salesReportSchema, type SalesMonth } from '@shop/shared/schemas';
import { API_BASE, api } from '../../../lib/api-client';
import { idToken } from '../../../lib/auth/auth-actions';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useStudioTimeZone } from '../../../lib/studio-time';
import { studioPeriods } from '@shop/shared/domain/time';
import { COLUMNS, SalesChart, firstChartedMonth, monthLabel } from './sales-chart';
import { SalesByCurrency } from './sales-by-currency';

// /admin/reports: the sales and margin report (docs/rules.md#the-back-office) as a chart of revenue and net by
// month, the table of every figure, and the same as CSV. The chart is plain SVG with a title and
// description; the table beside it carries the numbers for screen readers and spreadsheets.

/** The studio's month now (docs/admin.md#times), and the month `n` before it (YYYY-MM). */
const monthNow = (zone: string) => studioPeriods(new Date(), zone).month;
function monthsAgo(n: number, zone: string): string {
  const [year, month] = monthNow(zone).split('-').map(Number);
  const d = new Date(Date.UTC(year, month - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}
const money = (n: number) => formatPrice(n, 'USD');
const longMonth = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The month the studio usually comes for, in words above the chart, where its bar is only the last of twelve. */
function MonthSoFar({ month }: { month: SalesMonth }) {
  const id = useId();
  return (
    <section className="card admin-month-summary" aria-labelledby={id} data-testid="report-month-so-far">
      <h2 id={id}>{longMonth(month.month)} so far</h2>
      <p className="admin-month-summary__figures">
        <span>{`${month.orders} ${month.orders === 1 ? 'order' : 'orders'}`}</span>
        <span>{money(month.revenue)} revenue</span>
        <span>{money(month.net)} net</span>
      </p>
    </section>
  );
}

async function downloadCsv(from: string, to: string): Promise<void> {
  const token = await idToken();
  const response = await fetch(`${API_BASE}/admin/reports/sales?from=${from}&to=${to}&format=csv`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The CSV could not be made (HTTP ${response.status})`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `sales-${from}-to-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function SalesReportPage() {
  const zone = useStudioTimeZone();
  const [from, setFrom] = useState(() => monthsAgo(11, zone));
  const [to, setTo] = useState(() => monthNow(zone));
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  // The chart opens from the first month with sales; the studio can ask for the whole range.
  const [everyMonth, setEveryMonth] = useState(false);
  const report = useQuery({
    queryKey: ['admin', 'reports', 'sales', from, to] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/reports/sales', { query: { from, to }, schema: salesReportSchema, signal }),
    staleTime: 0,
  });
  const months = report.data?.months ?? [];
  const thisMonth = months.find((m) => m.month === monthNow(zone));
  const skipped = everyMonth ? 0 : firstChartedMonth(months);
  const trimmable = firstChartedMonth(months) > 0;
  const charted = months.slice(skipped);
  const totals = COLUMNS.map((c) => months.reduce((n, m) => n + (m[c.key] as number), 0));
  return (
    <div className="container admin-section">
      <div className="admin-toolbar">
        <label>
          From
          <input type="month" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </label>
        <label>
          To
          <input type="month" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </label>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setCsvProblem(null);
            downloadCsv(from, to).catch((e: Error) => setCsvProblem(e.message));
          }}
        >
          Download CSV
        </button>
        {csvProblem && (
          <span role="alert" className="form-message form-message--error">
            {csvProblem}
          </span>
        )}
      </div>
      {report.isPending && <p>Loading the report...</p>}
      {report.error && (
        <div className="callout callout--error" role="alert">
          <p>The report could not be loaded: {report.error.message}</p>
        </div>
      )}
      {months.length > 0 && (
        <>
          {thisMonth && <MonthSoFar month={thisMonth} />}
          <section className="card" aria-labelledby="chart-title" style={{ marginTop: thisMonth ? '1rem' : undefined }}>
            <h2 id="chart-title">Revenue and net</h2>
            <SalesChart months={charted} />
            {trimmable && (
              <p className="report-span" data-testid="sales-chart-span">
                {skipped > 0
                  ? `No sales in the ${skipped === 1 ? 'month' : `${skipped} months`} before ${monthLabel(charted[0].month)}. `
                  : `All ${months.length} months from ${monthLabel(months[0].month)}. `}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEveryMonth((all) => !all)}
                >
                  {skipped > 0 ? `Show all ${months.length} months` : 'Show from the first sale'}
                </button>
              </p>
            )}
          </section>
          <section className="card" aria-labelledby="table-title" style={{ marginTop: '1rem' }}>
            <h2 id="table-title">Month by month</h2>
            <p>
              Net is revenue less refunds, the tax still owed (tax refunded to a shopper is not), what Printful charged
              and Stripe&apos;s estimated fees. Discounts are already taken off revenue.
            </p>
            <p className="table-scroll__hint" aria-hidden="true">
              Swipe the table sideways for every column.
            </p>
            <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="table-title">
              <table className="report-table" data-testid="sales-table">
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    {COLUMNS.map((c) => (
                      <th key={c.key} scope="col" className="number-cell">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {skipped > 0 && (
                    <tr className="report-table__quiet" data-testid="sales-table-skipped">
                      <th scope="row">
                        {monthLabel(months[0].month)} – {monthLabel(months[skipped - 1].month)}
                      </th>
                      <td colSpan={COLUMNS.length}>
                        No sales in these {skipped === 1 ? 'month' : `${skipped} months`}
                      </td>
                    </tr>
                  )}
                  {charted.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabel(m.month)}</th>
                      {COLUMNS.map((c) => (
                        <td key={c.key} className="number-cell">
                          {c.money ? money(m[c.key] as number) : m[c.key]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    {COLUMNS.map((c, i) => (
                      <td key={c.key} className="number-cell">
                        {c.money ? money(Math.round(totals[i] * 100) / 100) : totals[i]}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
          {report.data?.byCurrency && <SalesByCurrency rows={report.data.byCurrency} />}
          {report.data?.recovered && (
            <section className="card" aria-labelledby="recovered-title" style={{ marginTop: '1rem' }}>
              <h2 id="recovered-title">Recovered checkouts</h2>
              <p data-testid="sales-recovered">
                {report.data.recovered.orders === 1 ? '1 order' : `${report.data.recovered.orders} orders`} paid from a
                cart the reminder e-mail brought back, for {money(report.data.recovered.revenue)} of revenue.
              </p>
            </section>
          )}
        </>
      )}
      <FieldSpeed />
    </div>
  );
}
