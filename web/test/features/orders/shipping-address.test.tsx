import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ShippingAddress } from '../../../src/features/orders/components/order-parts';

// The shipping address on the confirmation, the lookup and the account names the country in
// words, as the e-mails do: "United States", not "US".

describe('the shipping address of an order', () => {
  test('names the country in words', () => {
    render(
      <ShippingAddress
        address={{
          name: 'Ada Lovelace',
          address1: '1120 SW 5th Ave',
          address2: null,
          city: 'Portland',
          stateCode: 'OR',
          zip: '97205',
          countryCode: 'US',
        }}
      />,
    );
    const address = screen.getByTestId('shipping-address');
    expect(address).toHaveTextContent('United States');
    expect(address.textContent).not.toMatch(/\bUS\b/);
  });
});
