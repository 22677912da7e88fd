import type { CartItem, IdentifiedCartProduct } from '../../src/domain/cart/index.js';
import { buildCartItem } from '../../src/domain/cart/index.js';

/** A storefront T-shirt with two sizes in black, and one white variant without a catalogue id. */
export const tshirt: IdentifiedCartProduct = {
  id: 'prod-tshirt',
  title: 'Studio T-shirt',
  price: 24.99,
  images: ['/images/tshirt-front.png', '/images/tshirt-back.png'],
  thumbnail_url: '/images/tshirt-thumb.png',
  category: 'clothing',
  description: 'A soft cotton T-shirt',
  variants: [
    {
      id: 'v-s-black',
      name: 'Studio T-shirt / S / Black',
      size: 'S',
      color: 'Black',
      price: 24.99,
      catalog_variant_id: 4011,
      sku: 'TS-S-BLK',
      external_id: 'ext-s-black',
      sync_variant_id: 9001,
    },
    {
      id: 'v-m-black',
      name: 'Studio T-shirt / M / Black',
      size: 'M',
      color: 'Black',
      price: 26.5,
      catalog_variant_id: 4012,
      sku: 'TS-M-BLK',
      external_id: 'ext-m-black',
      sync_variant_id: 9002,
    },
    {
      id: 'v-m-white',
      name: 'Studio T-shirt / M / White',
      size: 'M',
      color: 'White',
      price: 26.5,
      catalog_variant_id: null,
      sku: 'TS-M-WHT',
      external_id: 'ext-m-white',
      sync_variant_id: 9003,
    },
  ],
};

export function line(overrides: Partial<CartItem> = {}): CartItem {
  const item = buildCartItem(tshirt, tshirt.variants![0], {
    quantity: 1,
    id: 'line-1',
    now: new Date('2026-01-02T03:04:05.000Z'),
  });
  return { ...item, ...overrides };
}
