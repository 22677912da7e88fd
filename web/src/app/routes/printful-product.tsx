import { useParams } from 'react-router-dom';
import { LiveCatalogProvider } from '../../lib/catalog/components/live-catalog-provider';
import { ProductDetailPage } from '../../features/store/components/product-detail-page';

export function Component() {
  const { productId = '' } = useParams();
  return (
    <LiveCatalogProvider>
      <ProductDetailPage
        productId={productId}
        backTo={{ path: '/store/printful', label: 'Back to the print-on-demand products' }}
      />
    </LiveCatalogProvider>
  );
}
