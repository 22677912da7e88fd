import { useId } from 'react';
import type { ShippingRatesResponse } from '@shop/shared/schemas';
import { chosenShippingOption, formatDeliveryEstimate, shippingOptionLabel } from '@shop/shared/domain/delivery';
import { formatPrice } from '../../../lib/catalog/format-price';
import { CURRENCIES } from '@shop/shared/domain/currency';

// The quoted options, cheapest first. At checkout (`choice` given) they are a radio group, the
// cheapest checked until the shopper picks another, and the total is the one with the option
// checked: the payment page opens with that option preselected (docs/rules.md#money-at-checkout).
// On the cart page they are a list of prices, the total the one with the cheapest, said so.

type Option = ShippingRatesResponse['options'][number];

/** The checkout's pick: the option id checked (null: none picked, so the cheapest) and how to change it. */
export interface ShippingChoice {
  selected: string | null;
  onChoose: (optionId: string) => void;
}

/**
 * "Arrives Fri, Nov 28 - Mon, Dec 1": the promise the quote made, which the payment page, the
 * order and its e-mails repeat; worked out here only for an answer that has none.
 */
function days(option: Option): string | null {
  return option.arrives ?? formatDeliveryEstimate(option, { locale: 'en-US' });
}

/** The option's name and promise, then its price: the parts a list row and a radio label share. */
function OptionText({ option }: { option: Option }) {
  return (
    <>
      <span>
        {shippingOptionLabel(option.name)}
        {days(option) && <span className="shipping-options__days">{days(option)}</span>}
      </span>
      <span>{formatPrice(option.amount, option.currency)}</span>
    </>
  );
}

export function ShippingOptions({
  quote,
  itemsTotal,
  choice,
}: {
  quote: ShippingRatesResponse;
  itemsTotal: number;
  choice?: ShippingChoice;
}) {
  const shown = chosenShippingOption(quote.options, choice?.selected);
  const several = quote.options.length > 1;
  const choosing = several && choice !== undefined;
  const introId = useId();
  const name = useId();
  return (
    <div className="shipping-options" data-testid="shipping-options" data-source={quote.source}>
      {choosing ? (
        <fieldset className="shipping-options__choices">
          {/* The section's visible heading right above already says "Shipping". */}
          <legend className="visually-hidden">Shipping</legend>
          {quote.options.map((option) => (
            <label key={option.id} className="shipping-options__choice" data-testid="shipping-option">
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={option.id === shown?.id}
                onChange={() => choice.onChoose(option.id)}
              />
              <OptionText option={option} />
            </label>
          ))}
        </fieldset>
      ) : (
        <>
          {several && (
            <p className="shipping-options__intro" id={introId}>
              Choose one at checkout:
            </p>
          )}
          <ul className="shipping-options__list" aria-labelledby={several ? introId : undefined}>
            {quote.options.map((option) => (
              <li key={option.id} data-testid="shipping-option">
                <OptionText option={option} />
              </li>
            ))}
          </ul>
        </>
      )}
      {quote.source === 'flat-rate' && (
        <p className="fine-print" data-testid="flat-rate-note">
          Our standard rate: live rates from our print partner could not be fetched just now.
        </p>
      )}
      {shown && (
        <p className="shipping-options__total">
          <span data-testid="total-with-shipping-label">
            Total with {choosing ? shippingOptionLabel(shown.name) : several ? 'the cheapest shipping' : 'shipping'}
          </span>
          <span data-testid="total-with-shipping">
            {formatPrice(Math.round((itemsTotal + shown.amount) * 100) / 100, shown.currency)}
          </span>
        </p>
      )}
      <p className="fine-print">
        {shown && CURRENCIES[shown.currency].taxInclusive
          ? `Prices include ${CURRENCIES[shown.currency].taxName}.`
          : 'Any sales tax is added on the payment page.'}
        {choosing && ' The payment page opens with this shipping option and lets you change it.'}
      </p>
    </div>
  );
}
