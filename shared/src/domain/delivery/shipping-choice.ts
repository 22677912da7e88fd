// The shopper's shipping choice at checkout (docs/rules.md#money-at-checkout): the checkout page
// shows the total with it, and the hosted payment page opens with it preselected, which Stripe
// does for the first of a session's `shipping_options` (docs/fidelity.md#stripe).

/**
 * The option `id` names among `options`, else the first (quotes list the cheapest first): a pick
 * a new quote no longer offers falls back to the cheapest. Undefined only for no options.
 */
export function chosenShippingOption<O extends { id: string }>(
  options: readonly O[],
  id: string | null | undefined,
): O | undefined {
  return options.find((o) => o.id === id) ?? options[0];
}

/** The same options with the one `id` names first and the others after it in their order; null when none has that id. */
export function withChosenFirst<O extends { id: string }>(options: readonly O[], id: string): O[] | null {
  const chosen = options.find((o) => o.id === id);
  if (!chosen) return null;
  return [chosen, ...options.filter((o) => o !== chosen)];
}
