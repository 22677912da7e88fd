import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_PRODUCT_TITLE } from '@shop/shared';
import { priceRangeOf } from '@shop/shared/domain/product';
import { printfulProductsResponseSchema } from '@shop/shared/schemas';
import { api } from '../../api-client';

// GET /api/printful/products: the print-on-demand products as last synced, Printful's own
// product detail objects (spec: "response field result is an array; if missing the list is
// empty"). The pages show a summary of each; an item without an id is skipped.

const rawItemSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().nullish(),
  thumbnail_url: z.string().nullish(),
  sync_product: z.object({ name: z.string().nullish(), thumbnail_url: z.string().nullish() }).nullish(),
  sync_variants: z.array(z.object({ retail_price: z.union([z.string(), z.number()]).nullish() })).nullish(),
});

export interface PrintfulListItem {
  id: string;
  name: string;
  thumbnailUrl: string | null;
  variantCount: number;
  /** Lowest retail price of its variants; null when none is priced. */
  fromPrice: number | null;
}

function summarise(raw: z.infer<typeof rawItemSchema>): PrintfulListItem {
  const { min } = priceRangeOf((raw.sync_variants ?? []).map((v) => v.retail_price));
  return {
    id: String(raw.id),
    name: raw.sync_product?.name ?? raw.name ?? DEFAULT_PRODUCT_TITLE,
    thumbnailUrl: raw.sync_product?.thumbnail_url ?? raw.thumbnail_url ?? null,
    variantCount: raw.sync_variants?.length ?? 0,
    fromPrice: min > 0 ? min : null,
  };
}

export async function getPrintfulProducts(signal?: AbortSignal): Promise<PrintfulListItem[]> {
  const body = await api.get('/printful/products', { schema: printfulProductsResponseSchema.partial(), signal });
  return (body.result ?? []).flatMap((raw) => {
    const item = rawItemSchema.safeParse(raw);
    return item.success ? [summarise(item.data)] : [];
  });
}

export const printfulProductsQuery = () =>
  queryOptions({
    queryKey: ['printful-products'] as const,
    queryFn: ({ signal }) => getPrintfulProducts(signal),
  });

export function usePrintfulProducts() {
  return useQuery(printfulProductsQuery());
}
