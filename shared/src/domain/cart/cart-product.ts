import { z } from 'zod';

// The part of the storefront product (docs/contracts.md#http-api) that the cart rules read. Kept as
// narrow as the rules need, so a full storefront product is always accepted where this is.

const idSchema = z.union([z.string(), z.number()]);

export const cartProductVariantSchema = z.object({
  id: idSchema.nullish(),
  name: z.string().nullish(),
  size: z.string().nullish(),
  color: z.string().nullish(),
  price: z.number().nullish(),
  catalog_variant_id: idSchema.nullish(),
  sku: z.string().nullish(),
  external_id: z.string().nullish(),
  sync_variant_id: idSchema.nullish(),
  images: z.array(z.string()).nullish(),
});
export type CartProductVariant = z.infer<typeof cartProductVariantSchema>;

export const cartProductSchema = z.object({
  id: z.string().nullish(),
  title: z.string().nullish(),
  price: z.number().nullish(),
  images: z.array(z.string()).nullish(),
  thumbnail_url: z.string().nullish(),
  category: z.string().nullish(),
  description: z.string().nullish(),
  variants: z.array(cartProductVariantSchema).nullish(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/** A product that passed the add-to-cart product check: it has an id. */
export type IdentifiedCartProduct = CartProduct & { id: string };
