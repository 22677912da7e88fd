import type { CatalogueProduct, CatalogueVariant } from './catalog.js';
import type { MockupView } from './mockup-svg.js';
import { KINDS } from './product-kinds.js';
import { MOCKUP_SIZE_PX } from './mockup-png.js';

// Catalogue products rendered in Printful v1's JSON shapes (docs/providers.md#printful-sync-products),
// with image URLs pointing at this sandbox's own /images routes. Like Printful's, every picture is
// a raster PNG (mockups, the print file and its previews): mail clients and link previews show no SVG.

export function mockupUrl(
  baseUrl: string,
  product: CatalogueProduct,
  variant: CatalogueVariant,
  view: MockupView = 'front',
): string {
  const file = view === 'front' ? variant.colour.hex : `${variant.colour.hex}-${view}`;
  return `${baseUrl}/images/mockups/${product.kind}/${file}.png?label=${encodeURIComponent(product.name)}`;
}

function designUrl(baseUrl: string, product: CatalogueProduct): string {
  return `${baseUrl}/images/designs/${product.id}.png?label=${encodeURIComponent(product.name)}`;
}

/**
 * A `GET /store/products` entry, exactly the published v1 SyncProduct: `variants` and `synced`
 * are counts, and there is no `updated` time, so a change to a variant's price or availability
 * does not show here; only the detail (`GET /store/products/{id}`) carries it.
 */
export function syncProductSummary(baseUrl: string, product: CatalogueProduct) {
  return {
    id: product.id,
    external_id: product.externalId,
    name: product.name,
    variants: product.variants.length,
    synced: product.variants.length,
    thumbnail_url: mockupUrl(baseUrl, product, product.variants[0]),
    is_ignored: product.ignored === true,
  };
}

function file(id: number, type: string, url: string, created: number, filename: string) {
  return {
    id,
    type,
    hash: id.toString(16).padStart(32, '0'),
    url: type === 'preview' ? null : url,
    filename,
    mime_type: 'image/png',
    // About what the sandbox's PNGs weigh (mockup-png.ts).
    size: 350_000,
    width: MOCKUP_SIZE_PX,
    height: MOCKUP_SIZE_PX,
    dpi: type === 'preview' ? null : 150,
    status: 'ok',
    created,
    thumbnail_url: url,
    preview_url: url,
    visible: type !== 'preview',
    is_temporary: false,
  };
}

/**
 * One sync variant, exactly v1's published SyncVariant: no `size`, `color` or
 * `availability_status` (the catalog variant, `GET /products/{id}`, carries size and colour).
 */
function syncVariant(baseUrl: string, product: CatalogueProduct, variant: CatalogueVariant) {
  const kind = KINDS[product.kind];
  const mockup = mockupUrl(baseUrl, product, variant);
  return {
    id: variant.id,
    external_id: variant.externalId,
    sync_product_id: product.id,
    name: `${product.name} / ${variant.colour.name} / ${variant.size}`,
    synced: true,
    variant_id: variant.catalogVariantId,
    main_category_id: kind.mainCategoryId,
    warehouse_product_variant_id: null,
    retail_price: variant.retailPrice,
    sku: variant.sku,
    currency: 'USD',
    product: {
      variant_id: variant.catalogVariantId,
      product_id: kind.catalogProductId,
      image: mockup,
      name: `${kind.catalogName} (${variant.colour.name} / ${variant.size})`,
    },
    files: [
      file(
        product.id * 10 + 1,
        'default',
        designUrl(baseUrl, product),
        product.created,
        `${product.externalId}-design.png`,
      ),
      file(
        variant.id * 10 + 2,
        'preview',
        mockup,
        product.updated,
        `${product.externalId}-${variant.colour.hex}-front.png`,
      ),
      // Printful lists one preview per mockup placement; the back view is the second.
      file(
        variant.id * 10 + 3,
        'preview',
        mockupUrl(baseUrl, product, variant, 'back'),
        product.updated,
        `${product.externalId}-${variant.colour.hex}-back.png`,
      ),
    ],
    options: [],
    is_ignored: variant.ignored === true,
  };
}

/** `GET /store/products/{id}` result. */
export function syncProductDetail(baseUrl: string, product: CatalogueProduct) {
  return {
    sync_product: { ...syncProductSummary(baseUrl, product), description: product.description },
    sync_variants: product.variants.map((v) => syncVariant(baseUrl, product, v)),
  };
}

/** The same product with the fields every client needs removed, for the malformed-product fault. */
export function syncProductDetailMissingFields(baseUrl: string, product: CatalogueProduct) {
  const detail = syncProductDetail(baseUrl, product);
  const { id: _productId, ...syncProduct } = detail.sync_product;
  return {
    sync_product: syncProduct,
    sync_variants: detail.sync_variants.map(({ variant_id: _variantId, ...rest }) => rest),
  };
}

/**
 * `GET /products/{id}` (v1 catalog, reference A2): the blank and all its variants with Printful's
 * price per variant (`variant.price`, a string), which is what the store pays Printful.
 */
export function catalogProduct(baseUrl: string, catalogProductId: number) {
  const entry = Object.entries(KINDS).find(([, kind]) => kind.catalogProductId === catalogProductId);
  if (!entry) return null;
  const [kindName, kind] = entry;
  return {
    product: {
      id: catalogProductId,
      main_category_id: kind.mainCategoryId,
      type: 'T-SHIRT',
      type_name: kind.catalogName,
      title: kind.catalogName,
      brand: null,
      model: kind.catalogName,
      image: `${baseUrl}/images/mockups/${kindName}/${kind.palette[0].hex}.png`,
      variant_count: kind.palette.length * kind.sizes.length,
      currency: 'USD',
      is_discontinued: false,
    },
    variants: kind.palette.flatMap((colour, ci) =>
      kind.sizes.map((size, si) => ({
        id: catalogProductId * 1000 + ci * 20 + si,
        product_id: catalogProductId,
        name: `${kind.catalogName} (${colour.name} / ${size})`,
        size,
        color: colour.name,
        color_code: `#${colour.hex}`,
        image: `${baseUrl}/images/mockups/${kindName}/${colour.hex}.png`,
        price: (kind.baseCost + kind.costSurcharge(si)).toFixed(2),
        in_stock: true,
        availability_regions: { US: 'United States', EU: 'Europe' },
        availability_status: [
          { region: 'US', status: 'in_stock' },
          { region: 'EU', status: 'in_stock' },
        ],
      })),
    ),
  };
}
