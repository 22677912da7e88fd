import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRatesResponseSchema, type CurrencyCode } from '@shop/shared/domain/currency';
import { api } from '../../../lib/api-client';

// Exchange rates and hand-set prices (docs/rules.md#local-prices): /api/admin/currency-rates.

export const currencyRatesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'currency-rates'] as const,
    queryFn: ({ signal }) => api.get('/admin/currency-rates', { schema: adminRatesResponseSchema, signal }),
    staleTime: 0,
  });

export const useCurrencyRates = () => useQuery(currencyRatesQuery());

export const setCurrencyRate = (currency: CurrencyCode, rate: number | null) =>
  api.put(`/admin/currency-rates/${currency}`, { body: { rate }, schema: adminRatesResponseSchema });

export const refreshCurrencyRates = () =>
  api.post('/admin/currency-rates/refresh', { schema: adminRatesResponseSchema });

export const setLocalPrices = (productId: string, prices: Partial<Record<CurrencyCode, number | null>>) =>
  api.put(`/admin/local-prices/${encodeURIComponent(productId)}`, {
    body: { prices },
    schema: adminRatesResponseSchema,
  });
