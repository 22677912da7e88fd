import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { DeliveryEstimate } from '../../src/features/store/product/delivery-estimate';

// The browser's time zone does not change while the page lives: it is read once, not on each
// render and each check React makes of it (each read builds a date formatter, a slow step on a
// phone while the product page is being taken over).

afterEach(() => vi.restoreAllMocks());

test('the delivery estimate reads the browser time zone once, however often it is drawn', () => {
  const DateTimeFormat = Intl.DateTimeFormat;
  const zoneReads = vi.fn();
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
  ) {
    if (args[1] === undefined) zoneReads();
    return new DateTimeFormat(...args);
  } as unknown as typeof Intl.DateTimeFormat);

  const { rerender } = render(<DeliveryEstimate />);
  rerender(<DeliveryEstimate />);
  rerender(<DeliveryEstimate />);

  expect(screen.getByTestId('delivery-estimate')).toHaveTextContent(/^Arrives .+ with standard shipping to the US\./);
  expect(zoneReads.mock.calls.length).toBeLessThanOrEqual(1);
});
