// Where the studio finds an order at each provider (docs/rules.md#the-back-office): the payment through Stripe's
// dashboard search (test-mode sessions in the test dashboard), the order on Printful's dashboard.

export function stripeDashboardLink(sessionId: string): string {
  const mode = sessionId.startsWith('cs_test_') ? 'test/' : '';
  return `https://dashboard.stripe.com/${mode}search?query=${encodeURIComponent(sessionId)}`;
}

export function printfulDashboardLink(printfulOrderId: string | number | null): string | null {
  return printfulOrderId === null
    ? null
    : `https://www.printful.com/dashboard?order_id=${encodeURIComponent(String(printfulOrderId))}`;
}
