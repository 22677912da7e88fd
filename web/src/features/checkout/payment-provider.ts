import { MESSAGES, PAYMENT_API_VERSION } from '@shop/shared';

// Stripe.js (docs/rules.md#calls-to-other-services), loaded on the checkout page only and only when a publishable key is
// configured. Payment itself happens on Stripe's hosted page; on our page the script gathers the
// fraud signals Stripe asks merchants to collect where the shopper decides to pay.

export const STRIPE_SCRIPT_URL = 'https://js.stripe.com/v3/';

type StripeFactory = (key: string, options: { apiVersion: string }) => unknown;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<unknown> | null = null;

function injectScript(): Promise<StripeFactory> {
  return new Promise((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement('script');
    script.src = STRIPE_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without defining Stripe'));
    script.onerror = () => {
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
}

/** Loads Stripe.js once per page and initialises it with the key and the spec's API version. */
export function loadPaymentProvider(publishableKey: string): Promise<unknown> {
  loading ??= injectScript()
    .then((factory) => factory(publishableKey, { apiVersion: PAYMENT_API_VERSION }))
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

/** Console only (docs/contracts.md#errors): payment may fail on a page not served over HTTPS. */
export function warnIfInsecure(protocol: string = window.location.protocol): void {
  if (protocol !== 'https:') console.warn(MESSAGES.insecurePayment);
}
