import { COLLECTIONS } from '@shop/shared/server/collections';
import { createPictureStore, type PictureStore } from '@shop/shared/server/pictures';
import { scanCollection } from '@shop/shared/server/store';
import { parsePictureUrl } from '@shop/shared/pictures';
import type { ProductDocument } from '@shop/shared/domain/product';
import type { ProductSyncResult } from '@shop/shared/server/queues';
import type { JobContext } from '../../job-module.js';
import {
  makeProductPictures,
  pictureSources,
  removeUnusedPictures,
  withPictures,
  type PicturePipelineLimits,
} from '../../pictures/product-pictures.js';

// The sync's side of the picture pipeline (docs/performance.md#product-pictures): each product it
// writes names the store's own pictures, the pictures it could not make are reported in the run's
// result, and once the run has written and archived, the pictures no live product names are removed.

type PictureFailures = NonNullable<ProductSyncResult['pictureFailures']>;

export interface SyncPictures {
  /** The product's documents with the store's pictures, for writeProductIfChanged; undefined when the pipeline is off. */
  forProduct(productId: string): ((doc: ProductDocument) => Promise<ProductDocument>) | undefined;
  failures: PictureFailures;
  /** Removes the pictures no product still on sale or retired (not archived) names. */
  removeUnused(): Promise<void>;
}

function limitsOf(config: JobContext['config']): PicturePipelineLimits {
  return {
    timeoutMs: config.PICTURE_FETCH_TIMEOUT_MS,
    maxBytes: config.PICTURE_MAX_BYTES,
    maxPixels: config.PICTURE_MAX_PIXELS,
  };
}

function keysNamedBy(doc: Partial<ProductDocument>): string[] {
  const urls = [doc.thumbnail_url, ...(doc.images ?? []), ...(doc.variants ?? []).flatMap((v) => v.images ?? [])];
  return urls.flatMap((url) => parsePictureUrl(url)?.key ?? []);
}

async function usedKeys(ctx: JobContext): Promise<Set<string>> {
  const used = new Set<string>();
  await scanCollection(ctx.store, COLLECTIONS.products, ({ data }) => {
    const doc = data as Partial<ProductDocument>;
    if (doc.status !== 'archived') for (const key of keysNamedBy(doc)) used.add(key);
  });
  return used;
}

export function createSyncPictures(
  ctx: JobContext,
  store: PictureStore | null = createPictureStore(ctx.config),
): SyncPictures {
  const failures: PictureFailures = [];
  const limits = limitsOf(ctx.config);
  return {
    failures,
    forProduct(productId) {
      if (!store) return undefined;
      return async (doc) => {
        const made = await makeProductPictures(store, pictureSources(doc), limits);
        for (const failure of made.failures) {
          ctx.logger.warn({ productId, url: failure.url, reason: failure.reason }, 'product picture not made');
          failures.push({ productId, ...failure });
        }
        return withPictures(doc, made.urls);
      };
    },
    async removeUnused() {
      if (!store) return;
      const removed = await removeUnusedPictures(store, await usedKeys(ctx));
      if (removed.length > 0) ctx.logger.info({ removed: removed.length }, 'unused product pictures removed');
    },
  };
}
