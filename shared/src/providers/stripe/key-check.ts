import Stripe from 'stripe';

// A restricted Stripe key (rk_...) answers 403 outside its permissions. The store reads and writes
// these resources (docs/going-live.md lists them); `npm run check-config` asks Stripe with the
// configured key for one harmless read of each, so a missing permission shows before a refund or
// dispute job fails on it. Write access cannot be checked without writing: the list says so.

export interface StripeKeyResource {
  /** As Stripe's Dashboard names the permission. */
  name: string;
  access: 'read' | 'write';
  probe: (stripe: Stripe) => Promise<unknown>;
}

const PROBE_ID = 'check_config_probe';

/** Every resource the store's Stripe calls touch, with the access they need. */
export const STRIPE_KEY_RESOURCES: readonly StripeKeyResource[] = [
  { name: 'Checkout Sessions', access: 'write', probe: (s) => s.checkout.sessions.list({ limit: 1 }) },
  { name: 'Refunds', access: 'write', probe: (s) => s.refunds.list({ limit: 1 }) },
  { name: 'Charges', access: 'read', probe: (s) => s.charges.retrieve(`ch_${PROBE_ID}`) },
  { name: 'Disputes', access: 'read', probe: (s) => s.disputes.retrieve(`dp_${PROBE_ID}`) },
  { name: 'Coupons', access: 'write', probe: (s) => s.coupons.list({ limit: 1 }) },
  { name: 'Promotion codes', access: 'write', probe: (s) => s.promotionCodes.list({ limit: 1 }) },
  { name: 'Tax settings', access: 'read', probe: (s) => s.tax.settings.retrieve() },
];

export interface StripeKeyCheck {
  ok: boolean;
  /** Permissions Stripe refused (403), by name. */
  missing: string[];
  message: string;
}

export async function checkStripeKeyPermissions(stripe: Stripe): Promise<StripeKeyCheck> {
  const missing: string[] = [];
  for (const resource of STRIPE_KEY_RESOURCES) {
    try {
      await resource.probe(stripe);
    } catch (error) {
      // A 404 for the probe id means the key may read the resource; only a 403 is a refusal.
      if (error instanceof Stripe.errors.StripePermissionError) missing.push(`${resource.name} (${resource.access})`);
      else if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }
  return missing.length
    ? {
        ok: false,
        missing,
        message: `The Stripe key lacks permissions the store needs: ${missing.join(', ')}. Add them to the restricted key (Dashboard, Developers, API keys) or use the secret key`,
      }
    : {
        ok: true,
        missing,
        message: 'The Stripe key can read every resource the store uses (write access is not checked)',
      };
}
