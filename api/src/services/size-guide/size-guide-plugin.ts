import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { sizeGuideSchema, type SizeGuide } from '@shop/shared/schemas';
import type { Redis } from 'ioredis';
import {
  createPrintfulSizeTablesClient,
  printfulSizeGuide,
  type PrintfulSizeTablesClient,
} from '../printful/printful-size-tables.js';

// Size guides (docs/rules.md#what-a-merch-shopper-expects) from Printful's size tables of the blank a product is printed on
// (services/printful/printful-size-tables.ts).
// Tables change about never, so each blank's guide is asked once a day across every API replica
// (kept in Redis); "no guide" is remembered for an hour, so a mug page never spends the budget.

const GUIDE_TTL_S = 24 * 60 * 60;
const NO_GUIDE_TTL_S = 60 * 60;
const NO_GUIDE = 'none';

declare module 'fastify' {
  interface FastifyInstance {
    sizeGuides: SizeGuideService;
  }
}

export class SizeGuideService {
  constructor(
    private readonly printful: PrintfulSizeTablesClient,
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The product's guide; 404 not-found when its blank has none (mugs, stickers...). */
  async forProduct(product: StorefrontProduct): Promise<SizeGuide> {
    const guide = product.catalogProductId === undefined ? null : await this.forBlank(product.catalogProductId);
    if (!guide) throw new AppError('not-found', MESSAGES.sizeGuideNotFound);
    return guide;
  }

  private async forBlank(catalogProductId: number): Promise<SizeGuide | null> {
    const key = `${this.prefix}:size-guide:${catalogProductId}`;
    const cached = await this.redis.get(key);
    if (cached === NO_GUIDE) return null;
    if (cached) {
      const parsed = sizeGuideSchema.safeParse(JSON.parse(cached));
      if (parsed.success) return parsed.data;
    }
    const guide = await printfulSizeGuide(this.printful, catalogProductId);
    if (guide) await this.redis.set(key, JSON.stringify(guide), 'EX', GUIDE_TTL_S);
    else await this.redis.set(key, NO_GUIDE, 'EX', NO_GUIDE_TTL_S);
    return guide;
  }
}

async function sizeGuidePlugin(app: FastifyInstance) {
  app.decorate(
    'sizeGuides',
    new SizeGuideService(createPrintfulSizeTablesClient(app.config, app.redis), app.redis, app.config.QUEUE_PREFIX),
  );
}

export default fp(sizeGuidePlugin, { name: 'size-guide', dependencies: ['infrastructure'] });
