import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { ensureWebBuild } from '../../../tests/e2e/helpers/web-build.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { announce, seedCatalogue, storefrontProduct } from '../catalog/catalog-fixtures.js';

// The product pictures in the HTML the server renders (docs/performance.md#product-pictures): each
// <img> asks for the width its place shows, keeps its shape and shows its colour while loading;
// only a phone's first row of cards is fetched at once; the preload names the same srcset as the
// <img> it is for, and a link preview gets the 1200 x 630 card.

const PUBLIC_URL = 'https://shop.example.test';
const keyOf = (i: number) => `${String(i).padStart(20, '0')}-1000x1000-${i % 2 ? '1f2a44' : 'e8e8e8'}`;
const pictureOf = (i: number) => `/api/pictures/${keyOf(i)}`;
const PRODUCTS = 6;

let t: TestApp;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ PUBLIC_URL }, undefined, { serveWeb: true });
  await seedCatalogue(
    t.store,
    Array.from({ length: PRODUCTS }, (_, i) =>
      storefrontProduct(`pic-${i}`, {
        title: `Picture product ${i}`,
        thumbnail_url: pictureOf(i),
        images: [pictureOf(i), pictureOf(i + 100)],
        // The newest first on the store page: pic-0 is its first card.
        updatedAt: new Date(Date.UTC(2025, 0, 1, 0, PRODUCTS - i)).toISOString(),
      }),
    ),
  );
  await announce(
    t.app,
    Array.from({ length: PRODUCTS }, (_, i) => `pic-${i}`),
  );
});
afterAll(() => t?.close());

async function html(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** Each <img> of the root with its attributes. */
function images(page: string): Array<Record<string, string>> {
  const root = page.slice(page.indexOf('<div id="root">'));
  return [...root.matchAll(/<img ([^>]*)\/?>/g)].map((m) =>
    Object.fromEntries(
      [...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!.replace(/&amp;/g, '&')]),
    ),
  );
}

const srcsetOf = (i: number) => [160, 320, 480, 640, 960].map((w) => `${pictureOf(i)}/${w} ${w}w`).join(', ');

describe('product pictures in the rendered pages', () => {
  test('store cards ask for their width, keep their shape, show their colour, and only the first row is eager', async () => {
    const page = await html('/store');
    const cards = images(page).filter((img) => img.class === 'product-card__image');
    expect(cards.length).toBe(PRODUCTS);
    expect(cards[0]).toMatchObject({
      src: `${pictureOf(0)}/320`,
      srcset: srcsetOf(0),
      sizes: PICTURE_SIZES.card,
      width: '1000',
      height: '1000',
      style: 'background-color:#e8e8e8',
      loading: 'eager',
      fetchpriority: 'high',
    });
    expect(cards[1]).toMatchObject({ loading: 'eager', style: 'background-color:#1f2a44' });
    expect(cards[1]!.fetchpriority).toBeUndefined();
    for (const card of cards.slice(2)) expect(card.loading).toBe('lazy');
    // The preload is for the same file the first card's <img> picks.
    expect(page).toContain(
      `<link rel="preload" as="image" href="${pictureOf(0)}/640" imagesrcset="${srcsetOf(0)}" imagesizes="${PICTURE_SIZES.card}" fetchpriority="high" />`,
    );
  });

  test("a product page's gallery asks for its width, and its link preview is the 1200 x 630 card", async () => {
    const page = await html('/store/product/pic-3');
    const main = images(page).find((img) => img['data-testid'] === 'gallery-main');
    expect(main).toMatchObject({
      src: `${pictureOf(3)}/640`,
      srcset: srcsetOf(3),
      sizes: PICTURE_SIZES.gallery,
      width: '1000',
      height: '1000',
      style: 'background-color:#1f2a44',
      fetchpriority: 'high',
    });
    const thumbs = images(page).filter((img) => img.sizes === PICTURE_SIZES.galleryThumb);
    expect(thumbs.map((img) => img.src)).toEqual([`${pictureOf(3)}/160`, `${pictureOf(103)}/160`]);
    expect(page).toContain(
      `<link rel="preload" as="image" href="${pictureOf(3)}/640" imagesrcset="${srcsetOf(3)}" imagesizes="${PICTURE_SIZES.gallery}" fetchpriority="high" />`,
    );
    expect(page).toContain(`<meta property="og:image" content="${PUBLIC_URL}${pictureOf(3)}/og.jpg"`);
    expect(page).toContain('<meta property="og:image:width" content="1200"');
    expect(page).toContain('<meta property="og:image:height" content="630"');
  });
});
