import { PRINTFUL_MAIN_CATEGORIES } from '@shop/shared/domain/product';
import type { MockupKind } from './mockup-svg.js';

// What the sandbox knows about each kind of blank: its Printful catalog product, main category
// (mapped to storefront categories by the shared normaliser), sizes, colours and base price.

export interface ColourSpec {
  name: string;
  /** Six hex digits, no '#'. */
  hex: string;
}

export interface KindSpec {
  label: string;
  mainCategoryId: number;
  catalogProductId: number;
  catalogName: string;
  sizes: string[];
  /** Added to the base price per size step beyond the first few (bigger garments cost more). */
  sizeSurcharge: (sizeIndex: number) => number;
  basePrice: number;
  /** Printful's price of the blank, printed, for the smallest size (reference A2: catalog `variant.price`). */
  baseCost: number;
  /** Added to the cost per size step. */
  costSurcharge: (sizeIndex: number) => number;
  palette: ColourSpec[];
}

const apparelSurcharge = (i: number) => (i >= 4 ? 2 * (i - 3) : 0);

export const KINDS: Record<MockupKind, KindSpec> = {
  tshirt: {
    label: 'Tee',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.tShirts,
    catalogProductId: 71,
    catalogName: 'Unisex Staple T-Shirt | Bella + Canvas 3001',
    sizes: ['XS', 'S', 'M', 'L', 'XL', '2XL'],
    sizeSurcharge: apparelSurcharge,
    basePrice: 24.99,
    baseCost: 12.95,
    costSurcharge: (i) => (i >= 4 ? 1.5 * (i - 3) : 0),
    palette: [
      { name: 'Black', hex: '1b1b1f' },
      { name: 'White', hex: 'fafafa' },
      { name: 'Heather Grey', hex: 'a7a9ac' },
      { name: 'Navy', hex: '1f2a44' },
      { name: 'Forest', hex: '22432f' },
      { name: 'Maize Yellow', hex: 'f3c844' },
    ],
  },
  hoodie: {
    label: 'Hoodie',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.hoodies,
    catalogProductId: 146,
    catalogName: 'Unisex Heavy Blend Hoodie | Gildan 18500',
    sizes: ['S', 'M', 'L', 'XL', '2XL', '3XL'],
    sizeSurcharge: (i) => (i >= 4 ? 3 * (i - 3) : 0),
    basePrice: 44.99,
    baseCost: 23.95,
    costSurcharge: (i) => (i >= 4 ? 2 * (i - 3) : 0),
    palette: [
      { name: 'Black', hex: '1b1b1f' },
      { name: 'Charcoal', hex: '43464b' },
      { name: 'Navy', hex: '1f2a44' },
      { name: 'Maroon', hex: '5b1a2a' },
      { name: 'Sport Grey', hex: '9ea2a8' },
    ],
  },
  sweatshirt: {
    label: 'Crewneck',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.sweatshirts,
    catalogProductId: 145,
    catalogName: 'Unisex Crew Neck Sweatshirt | Gildan 18000',
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    sizeSurcharge: apparelSurcharge,
    basePrice: 36.99,
    baseCost: 19.95,
    costSurcharge: (i) => (i >= 4 ? 1.5 * (i - 3) : 0),
    palette: [
      { name: 'Sport Grey', hex: '9ea2a8' },
      { name: 'Navy', hex: '1f2a44' },
      { name: 'Black', hex: '1b1b1f' },
      { name: 'Sand', hex: 'd8c8a8' },
    ],
  },
  mug: {
    label: 'Mug',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.mugs,
    catalogProductId: 19,
    catalogName: 'White Glossy Mug',
    sizes: ['11 oz', '15 oz', '20 oz'],
    sizeSurcharge: (i) => 2 * i,
    basePrice: 12.99,
    baseCost: 7.95,
    costSurcharge: (i) => 1.5 * i,
    palette: [
      { name: 'White', hex: 'ffffff' },
      { name: 'Black', hex: '1b1b1f' },
    ],
  },
  cap: {
    label: 'Cap',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.caps,
    catalogProductId: 206,
    catalogName: 'Closed-Back Structured Cap | Flexfit 6277',
    sizes: ['S/M', 'L/XL'],
    sizeSurcharge: () => 0,
    basePrice: 19.99,
    baseCost: 13.25,
    costSurcharge: () => 0,
    palette: [
      { name: 'Black', hex: '1b1b1f' },
      { name: 'Khaki', hex: 'c3b091' },
      { name: 'Navy', hex: '1f2a44' },
      { name: 'White', hex: 'fafafa' },
    ],
  },
  beanie: {
    label: 'Beanie',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.beanies,
    catalogProductId: 81,
    catalogName: 'Cuffed Beanie | Yupoong 1501KC',
    sizes: ['Youth', 'Adult'],
    sizeSurcharge: (i) => i,
    basePrice: 17.99,
    baseCost: 11.5,
    costSurcharge: (i) => 0.5 * i,
    palette: [
      { name: 'Black', hex: '1b1b1f' },
      { name: 'Heather Grey', hex: 'a7a9ac' },
      { name: 'Mustard', hex: 'd4a017' },
      { name: 'Navy', hex: '1f2a44' },
    ],
  },
  tote: {
    label: 'Tote',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.toteBags,
    catalogProductId: 84,
    catalogName: 'Eco Tote Bag | Q-Tees Q800',
    sizes: ['Standard', 'Large'],
    sizeSurcharge: (i) => 3 * i,
    basePrice: 18.5,
    baseCost: 11.95,
    costSurcharge: (i) => 2 * i,
    palette: [
      { name: 'Natural', hex: 'efe6d2' },
      { name: 'Black', hex: '1b1b1f' },
    ],
  },
  sticker: {
    label: 'Sticker',
    mainCategoryId: PRINTFUL_MAIN_CATEGORIES.stickers,
    catalogProductId: 358,
    catalogName: 'Kiss-Cut Stickers',
    sizes: ['3″×3″', '4″×4″', '5.5″×5.5″'],
    sizeSurcharge: (i) => 0.5 * i,
    basePrice: 3.49,
    // The largest size costs more than the demo retail price: the margin guard's visible case.
    baseCost: 2.29,
    costSurcharge: (i) => 1.2 * i,
    palette: [{ name: 'White', hex: 'ffffff' }],
  },
};
