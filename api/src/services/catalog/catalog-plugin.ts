import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createStoreProductLookup, type ProductLookup } from './product-lookup.js';
import { CatalogReadModel } from './catalog-read-model.js';
import { findProduct } from './product-by-id.js';
import { CatalogMargins } from './catalog-margins.js';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { routeEventStreams, type EventStreams } from '../sse/server-sent-events.js';

// Decorates `app.catalog` (the read model) before the routes, loads it, and keeps it current from
// the event bus. Also gives the cart `app.productLookup`: the loaded catalogue first, then the
// store lookup for a product the model does not hold yet.

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory catalogue read model: list, search and lookups. */
    catalog: CatalogReadModel;
    /** Where the cart and checkout resolve a product by id (never from the browser's claims). */
    productLookup: ProductLookup;
    /** One product while it is sold, by id: the catalogue, then the store (product-by-id.ts); 404 or 503. */
    productById: (id: string) => Promise<StorefrontProduct>;
    catalogMargins: CatalogMargins;
    /** The live catalogue streams, capped overall and per client (docs/rules.md#money-and-abuse). */
    productStreams: EventStreams;
  }
}

async function catalogPlugin(app: FastifyInstance) {
  const catalog = new CatalogReadModel({ store: app.store, logger: app.log.child({ component: 'catalog' }) });
  const unsubscribe = app.eventBus.subscribe((event) => {
    if (event.type === 'inventory.changed') catalog.invalidate(event.ids);
  });
  const storeLookup = createStoreProductLookup(app.store);
  const productLookup: ProductLookup = {
    getProduct: async (id) => {
      if (catalog.get(id)) return catalog.getSellable(id);
      return storeLookup.getProduct(id);
    },
    isRetired: (id, choice) => storeLookup.isRetired(id, choice),
  };

  app.decorate('catalog', catalog);
  app.decorate('productLookup', productLookup);
  app.decorate('catalogMargins', new CatalogMargins(app.store));
  app.decorate('productById', (id: string) => findProduct(catalog, app.store, id));
  app.decorate(
    'productStreams',
    routeEventStreams(app, {
      maxOpen: app.config.STREAM_MAX_CONNECTIONS,
      maxPerClient: app.config.STREAM_MAX_PER_CLIENT,
    }),
  );
  app.addHook('onClose', async () => {
    unsubscribe();
    catalog.close();
  });

  // A store that is down at start does not stop the API: catalogue reads answer 503 and retry.
  await catalog.start();
}

export default fp(catalogPlugin, { name: 'catalog', dependencies: ['infrastructure'] });
