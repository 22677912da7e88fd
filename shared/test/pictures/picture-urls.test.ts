import { describe, expect, it } from 'vitest';
import {
  negotiatePictureFormat,
  parsePictureUrl,
  pictureAttributes,
  pictureJpegUrl,
  pictureOgUrl,
  pictureWidths,
  PICTURE_SIZES,
} from '../../src/pictures/index.js';

// What a page, an e-mail and a link preview read from a picture URL alone (docs/performance.md#product-pictures).

const KEY = '0123456789abcdef0123-1000x1000-e8e8e8';

describe('picture URLs', () => {
  it('a picture URL names its size and placeholder colour; any other URL is not one', () => {
    expect(parsePictureUrl(`/api/pictures/${KEY}`)).toEqual({
      key: KEY,
      origin: '',
      width: 1000,
      height: 1000,
      colour: '#e8e8e8',
    });
    expect(parsePictureUrl(`https://shop.example/api/pictures/${KEY}`)?.origin).toBe('https://shop.example');
    for (const other of [
      'https://files.cdn.printful.com/mockup.png',
      '/images/placeholder-product.svg',
      `/api/pictures/${KEY}/320`,
      `/api/pictures/../${KEY}`,
      '',
      null,
    ])
      expect(parsePictureUrl(other)).toBeNull();
  });

  it('is made in the listed widths it covers, never wider than its source', () => {
    expect(pictureWidths(1200)).toEqual([160, 320, 480, 640, 960, 1200]);
    expect(pictureWidths(4000)).toEqual([160, 320, 480, 640, 960, 1200]);
    // A 1000 px mockup: 960 is within a fifth of it, so no 1000.
    expect(pictureWidths(1000)).toEqual([160, 320, 480, 640, 960]);
    expect(pictureWidths(700)).toEqual([160, 320, 480, 640]);
    expect(pictureWidths(500)).toEqual([160, 320, 480]);
    expect(pictureWidths(300)).toEqual([160, 300]);
    expect(pictureWidths(90)).toEqual([90]);
  });

  it('an <img> of a picture asks for the width its place needs, keeps its shape and shows its colour meanwhile', () => {
    const attributes = pictureAttributes(`/api/pictures/${KEY}`, PICTURE_SIZES.card, { width: 400, height: 400 }, 320);
    expect(attributes).toEqual({
      src: `/api/pictures/${KEY}/320`,
      srcSet: [160, 320, 480, 640, 960].map((w) => `/api/pictures/${KEY}/${w} ${w}w`).join(', '),
      sizes: PICTURE_SIZES.card,
      width: 1000,
      height: 1000,
      style: { backgroundColor: '#e8e8e8' },
    });
    // Printful's own URL (the pipeline off) or the placeholder: as it is, in the box given.
    expect(
      pictureAttributes('/images/placeholder-product.svg', PICTURE_SIZES.card, { width: 400, height: 400 }),
    ).toEqual({ src: '/images/placeholder-product.svg', width: 400, height: 400 });
  });

  it('e-mails get an absolute JPEG at the width asked, link previews the 1200 x 630 card', () => {
    const ref = parsePictureUrl(`https://shop.example/api/pictures/${KEY}`)!;
    expect(pictureJpegUrl(ref, 112)).toBe(`https://shop.example/api/pictures/${KEY}/160.jpg`);
    expect(pictureJpegUrl(ref, 5000)).toBe(`https://shop.example/api/pictures/${KEY}/960.jpg`);
    expect(pictureOgUrl(ref)).toBe(`https://shop.example/api/pictures/${KEY}/og.jpg`);
  });

  it('picks AVIF, then WebP, then JPEG from what a browser accepts', () => {
    // Chrome's and Firefox's Accept for images.
    expect(negotiatePictureFormat('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toBe('avif');
    expect(negotiatePictureFormat('image/webp,*/*')).toBe('webp');
    // Safari before AVIF, a mail client, a crawler.
    expect(negotiatePictureFormat('image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5')).toBe('jpeg');
    expect(negotiatePictureFormat('*/*')).toBe('jpeg');
    expect(negotiatePictureFormat(undefined)).toBe('jpeg');
    expect(negotiatePictureFormat('image/avif;q=0, image/webp')).toBe('webp');
    expect(negotiatePictureFormat('IMAGE/AVIF')).toBe('avif');
  });
});
