import { useId } from 'react';
import type { ShippingRatesResponse } from '@shop/shared/schemas';
import { formatDeliveryEstimate, shippingOptionLabel } from '@shop/shared/domain/delivery';
import { formatPrice } from '../../../lib/catalog/format-price';
import { CURRENCIES } from '@shop/shared/domain/currency';

// The quoted options, cheapest first. The option is picked on the payment page (Stripe's hosted
// page offers the same list, the first preselected), so this is a list of prices, said so before
// it, and the total here is the one with the cheapest option, labelled as such.

/**
 * "Arrives Fri, Nov 28 - Mon, Dec 1": the promise the quote made, which the payment page, the
 * order and its e-mails repeat; worked out here only for an answer that has none.
 */
function days(option: ShippingRatesResponse['options'][number]): string | null {
  return option.arrives ?? formatDeliveryEstimate(option, { locale: 'en-US' });
}

export function ShippingOptions({ quote, itemsTotal }: { quote: ShippingRatesResponse; itemsTotal: number }) {
  const cheapest = quote.options[0];
  const several = quote.options.length > 1;
  const introId = useId();
  return (
    <div className="shipping-options" data-testid="shipping-options" data-source={quote.source}>
      {several && (
        <p className="shipping-options__intro" id={introId}>
          Pick one of these on the payment page:
        </p>
      )}
      <ul className="shipping-options__list" aria-labelledby={several ? introId : undefined}>
        {quote.options.map((option) => (
          <li key={option.id} data-testid="shipping-option">
            <span>
              {shippingOptionLabel(option.name)}
              {days(option) && <span className="shipping-options__days">{days(option)}</span>}
            </span>
            <span>{formatPrice(option.amount, option.currency)}</span>
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
          <span>Total with {several ? 'the cheapest ' : ''}shipping</span>
          <span data-testid="total-with-shipping">
            {formatPrice(Math.round((itemsTotal + cheapest.amount) * 100) / 100, cheapest.currency)}
          </span>
        </p>
      )}
      <p className="fine-print">
        {cheapest && CURRENCIES[cheapest.currency].taxInclusive
          ? `Prices include ${CURRENCIES[cheapest.currency].taxName}.`
          : 'Any sales tax is added on the payment page.'}
      </p>
    </div>
  );
}
