import { PLACEHOLDER_IMAGE } from '@shop/shared';
import { pictureUrl } from '@shop/shared/pictures';
import type { PictureStore } from '@shop/shared/server/pictures';
import type { ProductDocument } from '@shop/shared/domain/product';
import { fetchPicture, PictureFetchError, type FetchLimits } from './fetch-picture.js';
import { makePicture, PictureRejectedError, type PictureLimits } from './make-picture.js';

// The sync's picture step (docs/performance.md#product-pictures): each Printful URL a product names
// is fetched and made once (a URL seen before is answered from its source record, bytes seen
// before from the picture already made), and the product's documents name the made pictures.
// A picture that cannot be made leaves the placeholder in its place and is reported; the product
// is written all the same, and the next sync that reads the product tries again.

export interface PictureFailure {
  url: string;
  reason: string;
}

export interface ProductPictures {
  /** Printful URL -> the picture's URL on this site, or the placeholder. */
  urls: Map<string, string>;
  failures: PictureFailure[];
}

export type PicturePipelineLimits = FetchLimits & PictureLimits;

/** Pictures being made, by Printful URL: two products naming one picture wait for one download. */
const inFlight = new Map<string, Promise<string>>();

/** One picture is encoded at a time in this process: the work is all CPU, and the machine is shared. */
let encoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = encoding.then(work, work);
  encoding = next.catch(() => undefined);
  return next;
}

async function pictureFor(store: PictureStore, url: string, limits: PicturePipelineLimits): Promise<string> {
  const known = await store.source(url);
  if (known && (await store.has(known.key))) return known.key;
  const bytes = await fetchPicture(url, limits);
  const made = await oneAtATime(() => makePicture(bytes, limits));
  if (!(await store.has(made.key))) await store.put(made.key, made.files);
  await store.putSource({ url, key: made.key });
  return made.key;
}

function once(store: PictureStore, url: string, limits: PicturePipelineLimits): Promise<string> {
  const running = inFlight.get(url);
  if (running) return running;
  const started = pictureFor(store, url, limits).finally(() => inFlight.delete(url));
  inFlight.set(url, started);
  return started;
}

function describeFailure(error: unknown): string {
  if (error instanceof PictureFetchError || error instanceof PictureRejectedError)
    return `${error.reason}: ${error.message}`;
  throw error;
}

/** Every picture URL the storefront document shows. */
export function pictureSources(doc: Pick<ProductDocument, 'thumbnail_url' | 'images' | 'variants'>): string[] {
  const urls = [doc.thumbnail_url, ...doc.images, ...doc.variants.flatMap((v) => v.images ?? [])];
  return [...new Set(urls)].filter((u) => /^https?:\/\//.test(u));
}

/** Makes (or finds) the pictures of these URLs, one at a time. */
export async function makeProductPictures(
  store: PictureStore,
  urls: readonly string[],
  limits: PicturePipelineLimits,
): Promise<ProductPictures> {
  const result: ProductPictures = { urls: new Map(), failures: [] };
  for (const url of urls) {
    try {
      result.urls.set(url, pictureUrl(await once(store, url, limits)));
    } catch (error) {
      result.urls.set(url, PLACEHOLDER_IMAGE);
      result.failures.push({ url, reason: describeFailure(error) });
    }
  }
  return result;
}

/** The document with each Printful picture replaced by the made one (a URL not made stays as it is). */
export function withPictures<T extends Pick<ProductDocument, 'thumbnail_url' | 'images' | 'variants'>>(
  doc: T,
  pictures: ReadonlyMap<string, string>,
): T {
  const swap = (url: string) => pictures.get(url) ?? url;
  const list = (urls: readonly string[]) => [...new Set(urls.map(swap))];
  return {
    ...doc,
    thumbnail_url: swap(doc.thumbnail_url),
    images: list(doc.images),
    variants: doc.variants.map((v) => (v.images ? { ...v, images: list(v.images) } : v)),
  };
}

/** Removes the pictures no product names any more, and the source records that led to them. */
export async function removeUnusedPictures(store: PictureStore, used: ReadonlySet<string>): Promise<string[]> {
  const unused = (await store.keys()).filter((key) => !used.has(key));
  for (const key of unused) await store.remove(key);
  if (unused.length > 0) await store.removeSources(new Set(unused));
  return unused;
}
