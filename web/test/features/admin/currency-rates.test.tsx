import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { AdminRatesResponse } from '@shop/shared/domain/currency';
import type { PublicConfig } from '@shop/shared/schemas';
import { CurrencyRates } from '../../../src/features/admin/components/currency-rates';
import { errorResponse, json, stubFetch } from '../../cart/stubs';

// The admin home's currencies (docs/rules.md#local-prices): rates with their age, a stale one
// marked as not selling, a rate held by hand, and the source read on demand.

const view = (overrides: Partial<AdminRatesResponse> = {}): AdminRatesResponse => ({
  maxAgeHours: 48,
  rates: [
    { currency: 'EUR', rate: 0.92, asOf: '2026-11-29T08:00:00.000Z', source: 'feed', ageHours: 2, usable: true },
    { currency: 'GBP', rate: 0.79, asOf: '2026-11-25T08:00:00.000Z', source: 'feed', ageHours: 98, usable: false },
  ],
  overrides: [{ productId: 'tee', prices: { EUR: 2700 }, updatedAt: '2026-11-29T08:00:00.000Z' }],
  ...overrides,
});

function renderRates() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['config', 'public'], { studioTimeZone: 'Europe/Dublin' } as PublicConfig);
  render(
    <QueryClientProvider client={client}>
      <CurrencyRates />
    </QueryClientProvider>,
  );
}

describe('currencies on the admin home', () => {
  test('each rate shows its age; a stale one says it is not selling; hand-set prices are listed', async () => {
    stubFetch(({ path }) => (path === '/api/admin/currency-rates' ? json(200, view()) : undefined));
    renderRates();
    const eur = await screen.findByTestId('rate-EUR');
    expect(eur).toHaveTextContent('EUR (euros)');
    expect(eur).toHaveTextContent('2 h old');
    expect(eur).not.toHaveTextContent('not selling');
    expect(screen.getByTestId('rate-GBP')).toHaveTextContent('4 days old · not selling');
    expect(screen.getByTestId('price-overrides')).toHaveTextContent('tee: €27.00');
  });

  test('holding a rate by hand sends it and shows the answer; a source that is down is said in words', async () => {
    const { requests } = stubFetch(({ method, path }) => {
      if (method === 'GET') return json(200, view());
      if (method === 'PUT' && path === '/api/admin/currency-rates/EUR') {
        const rates = view().rates.map((r) =>
          r.currency === 'EUR' ? { ...r, rate: 0.95, source: 'studio' as const } : r,
        );
        return json(200, view({ rates }));
      }
      if (path === '/api/admin/currency-rates/refresh')
        return errorResponse(
          503,
          'unavailable',
          'The exchange-rate source could not be read; the last good rates stay in use.',
        );
      return undefined;
    });
    renderRates();
    const eur = await screen.findByTestId('rate-EUR');
    const input = within(eur).getByLabelText('Rate for EUR');
    await userEvent.clear(input);
    await userEvent.type(input, '0.95');
    await userEvent.click(within(eur).getByRole('button', { name: 'Hold' }));
    await waitFor(() => expect(screen.getByTestId('rate-EUR')).toHaveTextContent('set by the studio'));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ rate: 0.95 });
    expect(within(screen.getByTestId('rate-EUR')).getByRole('button', { name: 'Follow the source' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Read the rates now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the last good rates stay in use');
  });
});
