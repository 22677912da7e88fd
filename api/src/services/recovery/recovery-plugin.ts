import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { CheckoutRecoveryDoc, EmailOptOutDoc, RestoreCartResult } from '@shop/shared/schemas';
import type { CartKey } from '@shop/shared/server/cart';
import { findRecoveryByUnsubscribeToken, recordOptOut, recoveredOrderIds } from '@shop/shared/server/recovery';
import { storeRead } from '../store/store-read.js';
import { restoreCart } from './cart-restore.js';

// The abandoned-checkout e-mail's requests (docs/recovery.md), as `app.recovery`: its link back to
// the cart, its unsubscribe link and the sales it brought back, each through `server/recovery`.

export interface Recovery {
  /** The e-mail's link: that checkout's lines become the cart at `key`. */
  restoreCart: (key: CartKey, token: string) => Promise<RestoreCartResult>;
  /** The recovery an unsubscribe link names; null when none does. */
  byUnsubscribeToken: (token: string) => Promise<CheckoutRecoveryDoc | null>;
  /** Records that the address wants no more of these e-mails. */
  optOut: (email: string, source: EmailOptOutDoc['source']) => Promise<void>;
  /** The orders paid from a cart the e-mail brought back (the sales report); 503 when the store fails. */
  recoveredOrderIds: () => Promise<Set<string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    recovery: Recovery;
  }
}

async function recoveryPlugin(app: FastifyInstance) {
  const deps = { store: app.store, orders: app.orderRecords, carts: app.carts };
  app.decorate('recovery', {
    restoreCart: (key, token) => restoreCart(deps, key, token),
    byUnsubscribeToken: (token) => findRecoveryByUnsubscribeToken(app.store, token),
    optOut: (email, source) => recordOptOut(app.store, email, source),
    recoveredOrderIds: () => storeRead(() => recoveredOrderIds(app.store)),
  } satisfies Recovery);
}

export default fp(recoveryPlugin, { name: 'recovery', dependencies: ['infrastructure', 'cart'] });
