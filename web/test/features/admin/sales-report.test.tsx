import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { studioPeriods } from '@shop/shared/domain/time';
import { SalesReportPage } from '../../../src/features/admin/components/sales-report';
import { json, stubFetch } from '../../cart/stubs';

// The report opens with the month the studio came for, in words above the chart: the orders,
// revenue and net of the month so far, not only as the last of twelve bars.

const month = (key: string, orders: number, revenue: number, net: number) => ({
  month: key,
  orders,
  units: orders,
  revenue,
  shipping: 0,
  tax: 0,
  discounts: 0,
  refunds: 0,
  printfulCost: 0,
  stripeFees: 0,
  net,
});

describe('the sales report', () => {
  test('opens with a summary of this month so far', async () => {
    const now = studioPeriods(new Date(), 'America/Los_Angeles').month;
    stubFetch(({ path }) =>
      path === '/api/admin/reports/sales'
        ? json(200, { months: [month('2020-01', 0, 0, 0), month(now, 7, 312.5, 140.25)] })
        : undefined,
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SalesReportPage />
      </QueryClientProvider>,
    );
    const summary = await screen.findByRole('region', { name: /so far$/ });
    expect(within(summary).getByText('7 orders')).toBeInTheDocument();
    expect(summary).toHaveTextContent('$312.50');
    expect(summary).toHaveTextContent('$140.25 net');
  });

  test('charts and tables from the first month with sales (three at least), the totals over the whole range', async () => {
    const now = studioPeriods(new Date(), 'America/Los_Angeles').month;
    const before = (n: number) => {
      const [y, m] = now.split('-').map(Number);
      return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
    };
    const label = (key: string) =>
      new Date(`${key}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    // Twelve months, sales only in this one: the bar the studio came for is not one of twelve.
    const months = Array.from({ length: 12 }, (_, i) => before(11 - i)).map((key) =>
      key === now ? month(key, 2, 80, 30) : month(key, 0, 0, 0),
    );
    stubFetch(({ path }) => (path === '/api/admin/reports/sales' ? json(200, { months }) : undefined));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SalesReportPage />
      </QueryClientProvider>,
    );
    const chart = await screen.findByRole('img', { name: /Revenue and net by month/ });
    expect(chart).toHaveAccessibleName(new RegExp(`3 months from ${label(before(2))} to ${label(now)}`));
    expect(screen.getByTestId('sales-chart-span')).toHaveTextContent(
      `No sales in the 9 months before ${label(before(2))}`,
    );
    // The table follows, the empty months before said in one row; its totals are the whole range.
    const table = screen.getByTestId('sales-table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 1 + 3 + 1);
    expect(
      within(table).getByRole('row', { name: new RegExp(`^${label(before(11))} – ${label(before(3))}`) }),
    ).toHaveTextContent('No sales in these 9 months');
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$80.00');
    // And the whole range is one click away.
    await userEvent.click(screen.getByRole('button', { name: 'Show all 12 months' }));
    expect(screen.getByRole('img', { name: /Revenue and net by month/ })).toHaveAccessibleName(
      new RegExp(`12 months from ${label(before(11))} to ${label(now)}`),
    );
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 12 + 1);
    await userEvent.click(screen.getByRole('button', { name: 'Show from the first sale' }));
    expect(screen.getByRole('img', { name: /Revenue and net by month/ })).toHaveAccessibleName(/3 months from/);
  });
});
