import type Stripe from 'stripe';

// Stripe refuses every Checkout Session asking for automatic tax while the account's Stripe Tax
// has no head-office address (its settings' status is `pending`), so the shop would answer every
// checkout with "payment refused". The configuration check asks Stripe before that goes live.

export interface StripeTaxCheck {
  ok: boolean;
  message: string;
}

export async function checkStripeTax(stripe: Stripe): Promise<StripeTaxCheck> {
  const settings = await stripe.tax.settings.retrieve();
  if (settings.status === 'active') return { ok: true, message: 'Stripe Tax is active: automatic tax can be used' };
  const missing = settings.status_details?.pending?.missing_fields ?? [];
  return {
    ok: false,
    message:
      `STRIPE_AUTOMATIC_TAX=true but Stripe Tax is not set up (status ${settings.status}` +
      `${missing.length ? `; missing: ${missing.join(', ')}` : ''}): Stripe refuses every checkout until it is. ` +
      'Add the head office and registrations in the Stripe Dashboard (Tax settings), or turn STRIPE_AUTOMATIC_TAX off',
  };
}
