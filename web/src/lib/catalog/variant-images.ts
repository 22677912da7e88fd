import type { StorefrontProduct, StorefrontVariant } from '@shop/shared/domain/product';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import { colorOf } from './variant-options';

// The pictures of one colour: the variants of that colour bring their own mockups (front, back);
// without any, the product's images stand in, so a product without per-colour mockups still shows.

export function imagesForColour(
  product: Pick<StorefrontProduct, 'images' | 'variants'>,
  colour: string | null,
): string[] {
  const own =
    colour === null
      ? []
      : product.variants.filter((v) => colorOf(v) === colour).flatMap((v: StorefrontVariant) => v.images ?? []);
  const list = own.length > 0 ? own : product.images;
  const unique = [...new Set(list)];
  return unique.length > 0 ? unique : [PLACEHOLDER_IMAGE];
}

/** The named colours a swatch can show; unknown names fall back to a neutral grey with the name beside it. */
const SWATCH_COLOURS: Record<string, string> = {
  black: '#1b1b1f',
  white: '#ffffff',
  navy: '#1f2a44',
  red: '#c62828',
  'heather grey': '#9ea3a8',
  grey: '#8d9196',
  gray: '#8d9196',
  'sport grey': '#a7aaad',
  'forest green': '#2e5a3a',
  green: '#2e7d32',
  blue: '#1e63b5',
  'royal blue': '#2549a8',
  yellow: '#f2c94c',
  pink: '#f4a6c0',
  natural: '#efe6d2',
  maroon: '#5b1a2a',
  forest: '#22432f',
  'maize yellow': '#f3c844',
  charcoal: '#43464b',
  sand: '#d8c8a8',
  khaki: '#c3b091',
  mustard: '#d4a017',
  orange: '#ef7d22',
  purple: '#6a3d9a',
};

export function swatchColour(name: string): string {
  return SWATCH_COLOURS[name.trim().toLowerCase()] ?? '#c8ccd2';
}
