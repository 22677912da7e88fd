import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { productQuery } from '../../catalog/api/get-product';
import { storeProductsQuery } from '../use-store';
import { AddToCartForm } from './add-to-cart-form';
import { ProductGallery } from './product-gallery';
import '../store.css';

export interface ProductDetailPageProps {
  productId: string;
  /** Where "back" leads: the store or the print-on-demand list. */
  backTo: { path: string; label: string };
}

/** One product: the loaded catalogue first (spec section 4), else the API's lookup by id. */
export function ProductDetailPage({ productId, backTo }: ProductDetailPageProps) {
  const queryClient = useQueryClient();
  const loaded = queryClient.getQueryData(storeProductsQuery().queryKey)?.products.find((p) => p.id === productId);
  const query = useQuery({ ...productQuery(productId), enabled: !loaded });
  const product = loaded ?? query.data;
  usePageMeta({ title: product?.title ?? PAGE_META.product.title, description: product?.description ?? PAGE_META.product.description });

  if (!product) {
    if (query.isError) {
      return (
        <div className="container page">
          <div className="callout callout--error" role="alert">
            <h1>Product unavailable</h1>
            <p>{query.error.message}</p>
            <Link to={backTo.path}>{backTo.label}</Link>
          </div>
        </div>
      );
    }
    return <LoadingScreen />;
  }

  return (
    <div className="container">
      <div className="product-detail">
        <ProductGallery images={product.images} title={product.title} />
        <div className="product-info">
          <p className="eyebrow">{product.category}</p>
          <h1>{product.title}</h1>
          <p>{product.description}</p>
          <AddToCartForm key={product.id} product={product} />
          <Link className="back-link" to={backTo.path}>
            {backTo.label}
          </Link>
        </div>
      </div>
    </div>
  );
}
