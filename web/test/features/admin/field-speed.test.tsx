import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { FieldSpeed } from '../../../src/features/admin/components/field-speed';
import { json, stubFetch } from '../../cart/stubs';

// The admin's view of the speed shoppers' browsers reported (issue 36): each page's LCP, INP and
// CLS as the 75th percentile, with the good and poor visits behind it.

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FieldSpeed />
    </QueryClientProvider>,
  );
}

describe('speed shoppers get, on the sales report', () => {
  test('shows each page with its three figures in words an owner reads', async () => {
    stubFetch(({ method, path }) =>
      method === 'GET' && path === '/api/admin/web-vitals'
        ? json(200, {
            pages: [
              { page: '/store/product/:productId', name: 'LCP', count: 8, p75: 2140.6, good: 6, poor: 1 },
              { page: '/store/product/:productId', name: 'INP', count: 5, p75: 184, good: 4, poor: 0 },
              { page: '/store/product/:productId', name: 'CLS', count: 8, p75: 0.031, good: 8, poor: 0 },
              { page: '/', name: 'LCP', count: 3, p75: 3900, good: 1, poor: 2 },
            ],
          })
        : undefined,
    );
    renderSection();
    const table = await screen.findByTestId('field-speed-table');
    const product = within(table).getByRole('row', { name: /\/store\/product\/:productId/ });
    expect(product).toHaveTextContent('2141 ms6 good, 1 poor of 8');
    expect(product).toHaveTextContent('184 ms4 good, 0 poor of 5');
    expect(product).toHaveTextContent('0.038 good, 0 poor of 8');
    // A figure not measured yet on a page is a dash, not a zero.
    const home = within(table).getByRole('row', { name: /^\/ / });
    expect(
      within(home)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3900 ms1 good, 2 poor of 3', '-', '-']);
  });

  test('says so when nothing was measured yet', async () => {
    stubFetch(({ path }) => (path === '/api/admin/web-vitals' ? json(200, { pages: [] }) : undefined));
    renderSection();
    expect(await screen.findByTestId('field-speed-empty')).toHaveTextContent('No visits measured yet.');
  });
});
