import { randomUUID } from 'node:crypto';
import { Stripe } from '@shop/shared/providers/stripe';
import type { FastifyInstance } from 'fastify';
import type { StorefrontProduct } from '@shop/shared/domain/product';

// Catalogue, shopper and Stripe event fixtures for the checkout suites.

export function storefrontProduct(id: string, overrides: Partial<StorefrontProduct> = {}): StorefrontProduct {
  const now = new Date().toISOString();
  return {
    id,
    title: `Studio Tee ${id}`,
    price: 24.99,
    thumbnail_url: 'https://files.example.com/tee.png',
    images: ['https://files.example.com/tee.png'],
    variants: [
      {
        id: `${id}-m`,
        name: 'Studio Tee / M',
        size: 'M',
        color: 'Black',
        price: 24.99,
        currency: 'USD',
        catalog_variant_id: 4012,
        sync_variant_id: 5001,
        sku: 'TEE-M',
        external_id: `${id}-m`,
      },
      {
        id: `${id}-l`,
        name: 'Studio Tee / L',
        size: 'L',
        color: 'Black',
        price: 26.5,
        currency: 'USD',
        catalog_variant_id: 4013,
        sync_variant_id: 5002,
        sku: 'TEE-L',
        external_id: `${id}-l`,
      },
    ],
    category: 'clothing',
    description: 'A soft tee with the studio logo',
    createdAt: now,
    updatedAt: now,
    source: 'printful',
    ...overrides,
  };
}

/** Writes a storefront product and refreshes the API's catalogue read model, as the sync's event does. */
export async function seedProduct(app: FastifyInstance, product: StorefrontProduct): Promise<void> {
  await app.store.set('storeInventory', product.id, product);
  app.catalog.invalidate([product.id]);
  await app.catalog.idle();
}

export async function removeProduct(app: FastifyInstance, id: string): Promise<void> {
  await app.store.delete('storeInventory', id);
  app.catalog.invalidate([id]);
  await app.catalog.idle();
}

/** POST /api/checkout/sessions as the shopper `headers` name; the test checks the answer. */
export function startCheckout(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/checkout/sessions', headers, payload });
}

export function guestHeaders(): { 'x-guest-id': string } {
  return { 'x-guest-id': `guest-${randomUUID()}` };
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

/** A Stripe event about a session, signed the way Stripe signs it. */
export function signedEvent(
  type: string,
  session: Record<string, unknown>,
  secret: string,
  id = `evt_test_${randomUUID().replace(/-/g, '')}`,
): SignedEvent {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
