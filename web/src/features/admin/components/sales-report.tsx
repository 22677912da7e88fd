import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FieldSpeed } from './field-speed';
import { salesReportSchema, type SalesMonth } from '@shop/shared/schemas';
import { API_BASE, api } from '../../../lib/api-client';
import { idToken } from '../../../lib/auth/auth-actions';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useStudioTimeZone } from '../../../lib/studio-time';
import { studioPeriods } from '@shop/shared/domain/time';

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
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
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

const COLUMNS: ReadonlyArray<{ key: keyof SalesMonth; label: string; money: boolean }> = [
  { key: 'orders', label: 'Orders', money: false },
  { key: 'units', label: 'Units', money: false },
  { key: 'revenue', label: 'Revenue', money: true },
  { key: 'shipping', label: 'Shipping', money: true },
  { key: 'tax', label: 'Tax', money: true },
  { key: 'discounts', label: 'Discounts', money: true },
  { key: 'refunds', label: 'Refunds', money: true },
  { key: 'printfulCost', label: 'Printful', money: true },
  { key: 'stripeFees', label: 'Stripe fees', money: true },
  { key: 'net', label: 'Net', money: true },
];

/** The fewest months the chart opens on, so that one month with sales still has neighbours to compare. */
const MIN_CHART_MONTHS = 3;
const hadSales = (m: SalesMonth) => COLUMNS.some((c) => m[c.key] !== 0);
/**
 * Where the chart starts: at the first month with any sales (a new shop's empty months before it
 * would leave the month the studio came for a sliver at the edge), at least three months back, and
 * at the range's start when nothing was sold at all.
 */
function firstChartedMonth(months: readonly SalesMonth[]): number {
  const first = months.findIndex(hadSales);
  if (first <= 0) return 0;
  return Math.min(first, Math.max(0, months.length - MIN_CHART_MONTHS));
}

/** A round step (1, 2 or 5 times a power of ten) that splits `span` into about four. */
function niceStep(span: number): number {
  const raw = Math.max(span, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((f) => f * power).find((step) => step >= raw) ?? 10 * power;
}
const dollarsAxis = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US')}`;

/** Width of a month label ("Nov '26") at the chart's font size, with a gap, in pixels. */
const MONTH_LABEL_PX = 56;

function SalesChart({ months }: { months: SalesMonth[] }) {
  const titleId = useId();
  const descId = useId();
  // Drawn at the width it is shown at, one unit a CSS pixel, so that its labels keep their size on
  // a phone instead of shrinking with the picture; fewer months are named when they would touch.
  const figure = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const element = figure.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.max(280, Math.round(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const height = 260;
  const pad = { left: 56, right: 24, top: 12, bottom: 36 };
  const low = Math.min(0, ...months.map((m) => m.net));
  const high = Math.max(0, ...months.map((m) => Math.max(m.revenue, m.net)));
  const step = niceStep(high - low);
  const min = Math.floor(low / step) * step;
  const max = Math.max(Math.ceil(high / step) * step, min + step);
  const span = max - min;
  const y = (v: number) => pad.top + ((max - v) / span) * (height - pad.top - pad.bottom);
  const slot = (width - pad.left - pad.right) / Math.max(months.length, 1);
  const bar = Math.max(2, Math.min(36, slot / 2 - 4));
  // Every month named when there is room, else every second or third..., always the newest.
  const labelEvery = Math.max(1, Math.ceil(MONTH_LABEL_PX / slot));
  const ticks = Array.from({ length: Math.round(span / step) + 1 }, (_, i) => min + i * step);
  const best = months.reduce<SalesMonth | null>((a, m) => (!a || m.net > a.net ? m : a), null);
  return (
    <figure ref={figure} style={{ margin: 0 }}>
      <svg
        className="report-chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        data-testid="sales-chart"
      >
        <title id={titleId}>Revenue and net by month</title>
        <desc id={descId}>
          {`${months.length} months from ${monthLabel(months[0].month)} to ${monthLabel(months[months.length - 1].month)}. `}
          {best && best.orders > 0
            ? `Best month: ${monthLabel(best.month)}, ${money(best.revenue)} revenue, ${money(best.net)} net. The table below has every figure.`
            : 'No paid orders in this period.'}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity="0.15" />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" fontSize="12" fill="currentColor">
              {dollarsAxis(t)}
            </text>
          </g>
        ))}
        {months.map((m, i) => {
          const x = pad.left + i * slot + slot / 2;
          const barTop = (v: number) => Math.min(y(v), y(0));
          const barHeight = (v: number) => Math.abs(y(v) - y(0));
          return (
            <g key={m.month}>
              <rect
                className="report-chart__revenue"
                x={x - bar - 1}
                y={barTop(m.revenue)}
                width={bar}
                height={barHeight(m.revenue)}
              />
              <rect className="report-chart__net" x={x + 1} y={barTop(m.net)} width={bar} height={barHeight(m.net)} />
              {(months.length - 1 - i) % labelEvery === 0 && (
                <text x={x} y={height - 14} textAnchor="middle" fontSize="12" fill="currentColor">
                  {monthLabel(m.month).replace(' 20', " '")}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className="report-legend" aria-hidden="true">
        <li>
          <span
            className="report-legend__swatch report-chart__revenue"
            style={{ background: 'var(--color-field-border)' }}
          />
          Revenue
        </li>
        <li>
          <span className="report-legend__swatch" style={{ background: 'var(--color-accent)' }} />
          Net
        </li>
      </ul>
    </figure>
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
