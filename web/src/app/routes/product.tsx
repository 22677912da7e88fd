import { useParams } from 'react-router-dom';
import { ProductDetailPage } from '../../features/store/components/product-detail-page';

export function Component() {
  const { productId = '' } = useParams();
  return <ProductDetailPage productId={productId} backTo={{ path: '/store', label: 'Back to the store' }} />;
}
