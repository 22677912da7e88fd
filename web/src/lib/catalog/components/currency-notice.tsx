import { MESSAGES } from '@shop/shared';
import { CURRENCY_NAMES } from '@shop/shared/domain/currency';
import { productCurrency } from '../format-price';
import { pageCurrency } from '../page-currency';

// A shopper's currency whose exchange rate is too old is paused (docs/rules.md#local-prices): the
// catalogue then answers in US dollars, and this says why, beside the prices.

export function CurrencyNotice({
  products,
}: {
  products: ReadonlyArray<{ variants: ReadonlyArray<{ currency?: string }> }>;
}) {
  const asked = pageCurrency().currency;
  const first = products.find((p) => p.variants.length > 0);
  if (!first || productCurrency(first) === asked) return null;
  return (
    <p className="callout" role="status" data-testid="currency-notice">
      {MESSAGES.currencyPaused(CURRENCY_NAMES[asked].many)}
    </p>
  );
}
