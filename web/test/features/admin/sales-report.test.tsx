import { render, screen, within } from '@testing-library/react';
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
});
