import { useQuery } from '@tanstack/react-query';
import { sizeGuideSchema, type SizeGuide } from '@shop/shared/schemas';
import { api } from '../../../lib/api-client';

/** The product's size guide; null when it has none (404). */
async function getSizeGuide(productId: string, signal?: AbortSignal): Promise<SizeGuide | null> {
  try {
    return await api.get(`/products/${encodeURIComponent(productId)}/size-guide`, { schema: sizeGuideSchema, signal });
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export function useSizeGuide(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['products', productId, 'size-guide'],
    queryFn: ({ signal }) => getSizeGuide(productId, signal),
    enabled,
    staleTime: 60 * 60 * 1000,
  });
}
