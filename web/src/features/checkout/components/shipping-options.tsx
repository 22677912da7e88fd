import type { ShippingRatesResponse } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';

// The quoted options, cheapest first. The payment page preselects the first and lets the shopper
// switch, so the total here is the one with the cheapest option.

function days(option: ShippingRatesResponse['options'][number]): string | null {
  const { minDeliveryDays: min, maxDeliveryDays: max } = option;
  if (min === undefined && max === undefined) return null;
  if (min === max || max === undefined) return `${min} business days`;
  return `${min ?? 1}–${max} business days`;
}

export function ShippingOptions({ quote, itemsTotal }: { quote: ShippingRatesResponse; itemsTotal: number }) {
  const cheapest = quote.options[0];
  return (
    <div className="shipping-options" data-testid="shipping-options" data-source={quote.source}>
      <ul className="shipping-options__list">
        {quote.options.map((option) => (
          <li key={option.id} data-testid="shipping-option">
            <span>
              {option.name}
              {days(option) && <span className="shipping-options__days">{days(option)}</span>}
            </span>
            <span>{formatPrice(option.amount)}</span>
          </li>
        ))}
      </ul>
      {quote.source === 'flat-rate' && (
        <p className="fine-print" data-testid="flat-rate-note">
          Our standard rate: live rates from our print partner could not be fetched just now.
        </p>
      )}
      {cheapest && (
        <p className="shipping-options__total">
          <span>Total with {quote.options.length > 1 ? 'the cheapest ' : ''}shipping</span>
          <span data-testid="total-with-shipping">{formatPrice(itemsTotal + cheapest.amount)}</span>
        </p>
      )}
      <p className="fine-print">
        {quote.options.length > 1 ? 'You choose the shipping option on the payment page. ' : ''}
        Any sales tax is added on the payment page.
      </p>
    </div>
  );
}
