import { useEffect, useId, useRef, useState } from 'react';
import type { SalesMonth } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';

// The sales report's chart of revenue and net by month (docs/rules.md#the-back-office): plain SVG
// with a title and description, in US dollars; the report's table carries every figure.

export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const money = (n: number) => formatPrice(n, 'USD');

export const COLUMNS: ReadonlyArray<{ key: keyof SalesMonth; label: string; money: boolean }> = [
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
export function firstChartedMonth(months: readonly SalesMonth[]): number {
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

export function SalesChart({ months }: { months: SalesMonth[] }) {
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
