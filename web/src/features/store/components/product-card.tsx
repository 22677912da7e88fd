import { memo } from 'react';
import { Link } from 'react-router-dom';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { formatProductPrice } from '../../../lib/catalog/format-price';
import { ProductPicture } from '../../../components/ui/product-picture';
import '../store-catalog.css';

export function productPath(id: string): string {
  return `/store/product/${encodeURIComponent(id)}`;
}

/**
 * `priority`: an image in the first screenful: fetched at once, the first one first (it is the page's largest paint).
 * Memoised, like the grid: the store re-renders when the cart or the stream's state changes, which
 * leaves the cards as they are.
 */
export const ProductCard = memo(function ProductCard({
  product,
  headingLevel = 3,
  to = productPath(product.id),
  priority,
}: {
  product: StorefrontProduct;
  headingLevel?: 2 | 3;
  to?: string;
  priority?: 'high' | 'eager';
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card" data-testid="product-card">
      <ProductPicture
        className="product-card__image"
        url={product.thumbnail_url || product.images[0] || PLACEHOLDER_IMAGE}
        sizes={PICTURE_SIZES.card}
        box={400}
        fallbackWidth={320}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
      />
      <div className="product-card__body">
        <p className="product-card__category">{product.category}</p>
        <Heading className="product-card__title">
          <Link to={to}>{product.title}</Link>
        </Heading>
        <p className="product-card__price">{formatProductPrice(product)}</p>
      </div>
    </article>
  );
});

/** A phone's first row: the cards fetched at once; the rest load as they near the screen. */
const FIRST_ROW = 2;

export const ProductGrid = memo(function ProductGrid({
  products,
  label,
}: {
  products: readonly StorefrontProduct[];
  label: string;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} priority={i === 0 ? 'high' : i < FIRST_ROW ? 'eager' : undefined} />
        </li>
      ))}
    </ul>
  );
});
