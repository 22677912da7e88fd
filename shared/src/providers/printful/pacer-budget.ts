// How the one Printful request budget is shared out each window (docs/providers.md#printful-rate-limit):
// a reserve for shoppers' quotes, headroom for calls that arrive late, and the rest for background
// work. Pure arithmetic, so the pacer, the sync's planning and the tests agree on the numbers.

/** Printful's window: the counter refills each minute. */
export const PRINTFUL_RATE_WINDOW_MS = 60_000;
/** Share of each window kept for shoppers' shipping-rate calls. */
export const PRINTFUL_INTERACTIVE_SHARE = 0.2;

/**
 * The calls of each window left unspent for calls that reach Printful late: Printful counts a call
 * in the window it arrives in, and one granted in the last moments of a window can arrive in the
 * next (a slow network, a stalled process). One in twenty, at least one, once the limit is 5 or more.
 */
export function lateArrivalHeadroomOf(limit: number): number {
  return limit < 5 ? 0 : Math.max(1, Math.floor(limit / 20));
}

/** The calls of each window the sync and order placement may spend, `reserve` kept for shoppers. */
export function backgroundShareOf(limit: number, reserve = interactiveReserveOf(limit)): number {
  return Math.max(1, limit - Math.min(Math.max(0, reserve), limit) - lateArrivalHeadroomOf(limit));
}

/** The calls of each window kept for interactive callers: a fifth of the limit, at least one. */
export function interactiveReserveOf(limit: number): number {
  return limit < 2 ? 0 : Math.max(1, Math.floor(limit * PRINTFUL_INTERACTIVE_SHARE));
}

/** The calls of the interactive share a window gives out at once; the rest come evenly through it. */
export const interactiveBurstOf = (share: number) => Math.max(Math.ceil(share / 2), Math.min(share, 4));
