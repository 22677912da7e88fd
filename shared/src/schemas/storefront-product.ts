import { z } from 'zod';

// The storefront product of docs/rules.md#entities and docs/contracts.md#http-api ("Shapes"): what
// `storeInventory` holds and what the product list, search and by-id routes answer.

export const storefrontVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.string(),
  color: z.string(),
  price: z.number(),
  currency: z.string(),
  /**
   * `price` in the currency's minor unit (cents; whole yen), as Stripe takes amounts
   * (docs/rules.md#local-prices). Catalogue answers carry it; a stored product need not.
   */
  unit_amount: z.number().int().optional(),
  /** Printful's catalog variant id (v1 `variant_id`); null when a stored product lacks it. */
  catalog_variant_id: z.number().int().nullable(),
  sync_variant_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  external_id: z.string().nullable(),
  /** This variant's own mockups (in its colour, front first), when the provider has them. */
  images: z.array(z.string()).optional(),
});
export type StorefrontVariant = z.infer<typeof storefrontVariantSchema>;

export const storefrontProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  /** `price` (the cheapest variant's) in the answer's currency's minor unit; catalogue answers carry it. */
  unit_amount: z.number().int().optional(),
  thumbnail_url: z.string(),
  images: z.array(z.string()),
  variants: z.array(storefrontVariantSchema),
  category: z.string(),
  description: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Where the product comes from (spec's product list view field `source`). */
  source: z.string(),
  /** The provider's name for the blank it is printed on ("Unisex Staple T-Shirt | Bella + Canvas 3001"): searched. */
  productType: z.string().optional(),
  /** Printful's catalog product (the blank): where its size guide comes from. */
  catalogProductId: z.number().int().optional(),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;
