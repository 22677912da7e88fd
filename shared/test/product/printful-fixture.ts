import type { PrintfulProductDetail } from '../../src/providers/printful/wire.js';

// A Printful `GET /store/products/{id}` result in the shape of docs/providers.md#printful-sync-products.
export function printfulDetail(
  overrides: {
    product?: Partial<PrintfulProductDetail['sync_product']>;
    variants?: Array<Partial<PrintfulProductDetail['sync_variants'][number]>>;
  } = {},
): PrintfulProductDetail {
  const variantDefaults = (i: number) => ({
    id: 4927683005 + i,
    external_id: `ext-v${i}`,
    sync_product_id: 389861211,
    name: `Studio Hoodie / ${['S', 'M', 'L'][i] ?? 'XL'}`,
    synced: true,
    variant_id: 19851 + i,
    main_category_id: 7,
    retail_price: '82.00',
    currency: 'USD',
    sku: `SKU_${i}`,
    size: ['S', 'M', 'L'][i] ?? 'XL',
    color: 'White',
    availability_status: 'active',
    product: { variant_id: 19851 + i, product_id: 599, image: 'https://img.example/599.jpg', name: 'Hoodie' },
    files: [
      { id: 1, type: 'front_dtf', url: null, preview_url: 'https://files.example/print.png' },
      { id: 2, type: 'preview', url: null, preview_url: 'https://files.example/white-front.jpg' },
    ],
  });
  const variants = (overrides.variants ?? [{}, {}]).map((v, i) => ({ ...variantDefaults(i), ...v }));
  return {
    sync_product: {
      id: 389861211,
      external_id: '68a0ceb13467c7',
      name: 'Studio Hoodie',
      variants: variants.length,
      synced: variants.length,
      thumbnail_url: 'https://files.example/thumb.png',
      is_ignored: false,
      description: 'Heavy fleece hoodie.',
      ...overrides.product,
    },
    sync_variants: variants,
  };
}
