import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { OrderCancel } from '../../../src/features/orders/components/order-cancel';

// What the order page says about cancelling once the time to change one's mind is over: true to
// where the order stands. A held order is not "gone to print" (nothing is being made), and one
// that is being made is.

function renderCancel(fulfilmentStatus: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderCancel target={{ sessionId: 'cs_test_1' }} status="paid" fulfilmentStatus={fulfilmentStatus} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('order-cancel').textContent ?? '';
}

describe('asking to cancel after the grace period', () => {
  test('an order held for its address says nothing is being made, not that it has gone to print', () => {
    const text = renderCancel('held-address');
    expect(text).not.toMatch(/gone to print/);
    expect(text).toMatch(/on hold/);
    expect(text).toMatch(/nothing is being made/i);
    expect(screen.getByRole('button', { name: 'Ask to cancel' })).toBeTruthy();
  });

  test('an order the print partner holds reads the same', () => {
    expect(renderCancel('onhold')).not.toMatch(/gone to print/);
  });

  test('an order being made has gone to print', () => {
    expect(renderCancel('inprocess')).toMatch(/has gone to print/);
  });

  test('a paid order not yet sent to the print partner goes to print next', () => {
    const text = renderCancel('none');
    expect(text).not.toMatch(/has gone to print/);
    expect(text).toMatch(/goes to print next/);
  });
});
