import { useParams } from 'react-router-dom';
import { LiveCatalogProvider } from '../../lib/catalog/components/live-catalog-provider';
import { ProductDetailPage } from '../../features/store/components/product-detail-page';
import { StartTeamOrderEntry } from '../../features/team-order/components/start-team-order-entry';

export function Component() {
  const { productId = '' } = useParams();
  return (
    <LiveCatalogProvider>
      <ProductDetailPage
        productId={productId}
        backTo={{ path: '/store', label: 'Back to the store' }}
        extra={<StartTeamOrderEntry productId={productId} />}
      />
    </LiveCatalogProvider>
  );
}
