import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { NotFound } from '../../../components/errors/not-found';
import { PAGE_META } from '@shop/shared/pages';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { productQuery } from '../../../lib/catalog/api/get-product';
import { useProducts } from '../../../lib/catalog/components/products-provider';
import { imagesForColour } from '../../../lib/catalog/variant-images';
import { initialSelection, type VariantSelection } from '../../../lib/catalog/variant-options';
import { isApiError } from '../../../lib/api-client';
import { AddToCartForm } from './add-to-cart-form';
import { CurrencyNotice } from '../../../lib/catalog/components/currency-notice';
import { ProductGallery } from './product-gallery';
import { ProductFacts } from './product-facts';
import { ProductBreadcrumbs } from '../product/breadcrumbs';
import { RelatedProducts } from '../product/related-products';
import { ShareProduct } from '../product/share-product';
import { DeliveryEstimate } from '../product/delivery-estimate';
import '../product-detail.css';

export interface ProductDetailPageProps {
  productId: string;
  /** Where "back" leads: the store or the print-on-demand list. */
  backTo: { path: string; label: string };
  /** What the route adds below the product's facts (the team-order entry). */
  extra?: ReactNode;
}

/**
 * One product from the live catalogue (so a sync shows here too), else the API's lookup by id
 * (a product the storefront list does not hold, e.g. a print-on-demand one).
 */
export function ProductDetailPage({ productId, backTo, extra }: ProductDetailPageProps) {
  const live = useProducts();
  const fromCatalogue = live.products.find((p) => p.id === productId);
  const lookup = useQuery({ ...productQuery(productId), enabled: !fromCatalogue && !live.loading });
  const product = fromCatalogue ?? lookup.data;
  usePageMeta({
    title: product?.title ?? PAGE_META.product.title,
    description: product?.description ?? PAGE_META.product.description,
  });

  if (!product) {
    if (lookup.isError) {
      if (isApiError(lookup.error) && lookup.error.status === 404) {
        return (
          <NotFound
            title="Product not found"
            text="This product is not in the store any more, or the address is mistyped."
            backTo={{ href: backTo.path, label: backTo.label }}
          />
        );
      }
      return (
        <section className="status-screen" aria-labelledby="product-error-title">
          <h1 id="product-error-title">This product could not be loaded</h1>
          <p>{lookup.error.message}</p>
          <div className="status-screen__actions">
            <button type="button" className="button button--primary" onClick={() => void lookup.refetch()}>
              Try again
            </button>
            <Link className="button button--ghost" to={backTo.path}>
              {backTo.label}
            </Link>
          </div>
        </section>
      );
    }
    return <LoadingScreen />;
  }
  return <ProductDetail key={product.id} product={product} catalogue={live.products} backTo={backTo} extra={extra} />;
}

function ProductDetail({
  product,
  catalogue,
  backTo,
  extra,
}: {
  product: StorefrontProduct;
  catalogue: readonly StorefrontProduct[];
  backTo: ProductDetailPageProps['backTo'];
  extra?: ReactNode;
}) {
  const [selection, setSelection] = useState<VariantSelection | null>(() => initialSelection(product.variants));
  const colour = selection?.color ?? null;
  return (
    <div className="container">
      <ProductBreadcrumbs product={product} />
      <div className="product-detail">
        <ProductGallery
          key={colour ?? ''}
          images={imagesForColour(product, colour)}
          title={colour ? `${product.title}, ${colour}` : product.title}
        />
        <div className="product-info">
          <p className="eyebrow">{product.category}</p>
          <h1>{product.title}</h1>
          <p>{product.description}</p>
          <CurrencyNotice products={[product]} />
          <AddToCartForm product={product} selection={selection} onSelectionChange={setSelection} />
          <DeliveryEstimate />
          <ProductFacts product={product} />
          <ShareProduct product={product} />
          {extra}
          <Link className="back-link" to={backTo.path}>
            {backTo.label}
          </Link>
        </div>
      </div>
      <RelatedProducts product={product} catalogue={catalogue} />
    </div>
  );
}
