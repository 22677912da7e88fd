import type { StorefrontProduct } from '@shop/shared/domain/product';
import { relatedProducts } from '@shop/shared/domain/catalog';
import { ProductCard } from '../components/product-card';

/** Up to four other products of the category, from the catalogue the page already holds. */
export function RelatedProducts({
  product,
  catalogue,
}: {
  product: StorefrontProduct;
  catalogue: readonly StorefrontProduct[];
}) {
  const related = relatedProducts(product, catalogue);
  if (related.length === 0) return null;
  return (
    <section className="related-products" aria-labelledby="related-products-title">
      <h2 id="related-products-title">More in {product.category}</h2>
      <ul className="product-grid">
        {related.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
