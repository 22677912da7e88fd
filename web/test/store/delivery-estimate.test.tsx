import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { DeliveryEstimate } from '../../src/features/store/product/delivery-estimate';

// The estimate counts business days on the studio's calendar, so it never reads the browser's time
// zone: no date formatter is built for it on each render and each check React makes (a slow step
// on a phone while the product page is being taken over).

afterEach(() => vi.restoreAllMocks());

test("the delivery estimate never reads the browser's time zone, however often it is drawn", () => {
  const DateTimeFormat = Intl.DateTimeFormat;
  const zoneReads = vi.fn();
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
  ) {
    if (args[1] === undefined) zoneReads();
    return new DateTimeFormat(...args);
  } as unknown as typeof Intl.DateTimeFormat);

  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const { rerender } = render(wrap(<DeliveryEstimate />));
  rerender(wrap(<DeliveryEstimate />));
  rerender(wrap(<DeliveryEstimate />));

  expect(screen.getByTestId('delivery-estimate')).toHaveTextContent(/^Arrives .+ with standard shipping to the US\./);
  expect(zoneReads).not.toHaveBeenCalled();
});
