import type { Stripe } from '@shop/shared/providers/stripe';
import type { PrintfulClient } from '@shop/shared/providers/printful';

// The provider clients every orders job is handed (one pair per running worker, jobs/orders/index.ts).
// Its own module, so the handlers that share it do not import each other for a type.

export interface OrderClients {
  stripe: Stripe;
  printful: PrintfulClient;
}
