import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ShippingDestinationForm } from '../../src/features/checkout/components/shipping-destination-form';
import { readShippingDestination, saveShippingDestination } from '../../src/features/checkout/shipping-destination';

// Journey 2 as a stranger walked it: the shopper picks the country and state in the cart's summary
// and presses Checkout without "Show shipping options". Checkout must not ask again.

describe('the shipping destination the shopper chose but did not submit', () => {
  test('is kept when the page changes, so checkout quotes it without asking again', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ShippingDestinationForm initial={null} />);
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    await user.selectOptions(screen.getByLabelText('State or territory'), 'OR');
    expect(readShippingDestination()).toBeNull();

    unmount();
    expect(readShippingDestination()).toMatchObject({ country: 'US', state: 'OR' });
  });

  test('is dropped when it is incomplete (a state is still needed): the destination before it stays', async () => {
    saveShippingDestination({ country: 'GB', state: undefined });
    const user = userEvent.setup();
    const { unmount } = render(<ShippingDestinationForm initial={null} />);
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    unmount();
    expect(readShippingDestination()).toMatchObject({ country: 'GB' });
  });
});
