import { z } from 'zod';

// The persisted cart item (docs/rules.md#entities). Provider ids are kept under every name the spec
// lists because orders and the provider's order API read them under different names.

const providerId = z.union([z.string(), z.number()]).nullable();

export const cartItemSchema = z.object({
  id: z.string().min(1),
  productId: z.string(),
  name: z.string(),
  variantName: z.string().nullable(),
  description: z.string().nullable(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  quantity: z.number().int(),
  size: z.string(),
  color: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  source: z.string(),
  sku: z.string().nullable(),
  external_id: z.string().nullable(),
  addedAt: z.string(),
  catalog_variant_id: providerId,
  printfulVariantId: providerId,
  variantId: providerId,
  variant_id: providerId,
  sync_variant_id: providerId,
  printful_product_id: providerId,
  sync_product_id: providerId,
  variantData: z.record(z.string(), z.unknown()).nullable(),
  productData: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The team order whose closed list filled this line (docs/rules.md#team-orders), set by the
   * server when the lead fills their cart, never taken from a request. It stays with the line
   * through quantity changes, so the paid order is known as the team order's by id.
   */
  teamOrderId: z.uuid().optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
