import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { currencyMetaTag, currencyPickerState } from '@shop/shared/pages';
import { DEFAULT_STORE_CURRENCIES } from '@shop/shared/domain/currency';

// docs/rules.md#local-prices: a page in euros whose catalogue came back in US dollars (the euro's
// rate is too old) says why beside the prices.

describe('the paused-currency notice', () => {
  beforeEach(() => {
    vi.resetModules();
    document.head.insertAdjacentHTML(
      'beforeend',
      currencyMetaTag(currencyPickerState('EUR', DEFAULT_STORE_CURRENCIES)),
    );
  });
  afterEach(() => {
    document.head.querySelector('meta[name="shop-currency"]')?.remove();
  });

  test('shows when the products are not in the page currency, and only then', async () => {
    const { CurrencyNotice } = await import('../../../src/lib/catalog/components/currency-notice');
    const { rerender } = render(<CurrencyNotice products={[{ variants: [{ currency: 'USD' }] }]} />);
    expect(screen.getByTestId('currency-notice')).toHaveTextContent(
      'Prices in euros are paused while we update our exchange rates. You can still shop and pay in US dollars.',
    );
    rerender(<CurrencyNotice products={[{ variants: [{ currency: 'EUR' }] }]} />);
    expect(screen.queryByTestId('currency-notice')).toBeNull();
  });
});
