import type { StorefrontProduct } from '@shop/shared/domain/product';
import { useProducts } from '../../lib/catalog/components/products-provider';
import type { StoreProductsSource } from '../../lib/catalog/load-catalogue';
import { useCart } from '../../lib/cart/use-cart';
import type { CartLine } from '../../lib/cart/cart-state';
import { useIsOffline } from '../../hooks/use-online';

// The original product's store state (docs/rules.md#entities): products, isLoading, error, the cart and its totals,
// isOffline. The products are the one catalogue cache (see catalogue-query.ts), live.

export interface StoreState {
  products: StorefrontProduct[];
  isLoading: boolean;
  error: string | null;
  source: StoreProductsSource | null;
  isOffline: boolean;
  retry: () => void;
  cart: CartLine[];
  totalItems: number;
  totalPrice: number;
}

export function useStore(): StoreState {
  const live = useProducts();
  const cart = useCart();
  const isOffline = useIsOffline();
  const { refresh } = live;
  return {
    products: live.products,
    isLoading: live.loading,
    error: live.loadError,
    source: live.source,
    isOffline,
    retry: () => void refresh(),
    cart: cart.items,
    totalItems: cart.totalItems,
    totalPrice: cart.totalPrice,
  };
}
