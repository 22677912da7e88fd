import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import { sizeGuideFromPrintful, type StorefrontProduct } from '@shop/shared/domain/product';
import { sizeGuideSchema, type SizeGuide } from '@shop/shared/schemas';
import {
  createPrintfulClient,
  createPrintfulPacer,
  PrintfulNotFoundError,
  type PrintfulClient,
} from '@shop/shared/providers/printful';
import type { Redis } from 'ioredis';

// Size guides (docs/rules.md#what-a-merch-shopper-expects) from Printful's size tables of the blank a product is printed on.
// Tables change about never, so each blank's guide is asked once a day across every API replica
// (kept in Redis); "no guide" is remembered for an hour, so a mug page never spends the budget.

const GUIDE_TTL_S = 24 * 60 * 60;
const NO_GUIDE_TTL_S = 60 * 60;
const NO_GUIDE = 'none';
/** A shopper is waiting on the product page: one quick attempt. */
const PRINTFUL_TIMEOUT_MS = 8000;

declare module 'fastify' {
  interface FastifyInstance {
    sizeGuides: SizeGuideService;
  }
}

export class SizeGuideService {
  constructor(
    private readonly printful: PrintfulClient,
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
    let guide: SizeGuide | null;
    try {
      guide = sizeGuideFromPrintful(await this.printful.getSizeGuide(catalogProductId));
    } catch (error) {
      if (!(error instanceof PrintfulNotFoundError)) throw error;
      guide = null;
    }
    if (guide) await this.redis.set(key, JSON.stringify(guide), 'EX', GUIDE_TTL_S);
    else await this.redis.set(key, NO_GUIDE, 'EX', NO_GUIDE_TTL_S);
    return guide;
  }
}

async function sizeGuidePlugin(app: FastifyInstance) {
  app.decorate(
    'sizeGuides',
    new SizeGuideService(
      createPrintfulClient(app.config, {
        pacer: createPrintfulPacer(app.redis, app.config, 'interactive'),
        retry: false,
        timeoutMs: PRINTFUL_TIMEOUT_MS,
      }),
      app.redis,
      app.config.QUEUE_PREFIX,
    ),
  );
}

export default fp(sizeGuidePlugin, { name: 'size-guide', dependencies: ['infrastructure'] });
