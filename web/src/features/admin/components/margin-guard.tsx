import type { CatalogMarginDoc } from '@shop/shared/schemas';
import { formatPrice } from '../../../lib/catalog/format-price';
import { useCatalogMargins } from '../api/admin-api';
import { TableHeading } from '../../../components/ui/table-heading';
import { variantWords } from '@shop/shared/domain/product';

// The variants the margin guard keeps off sale (docs/rules.md#money-at-checkout), as the last sync found them:
// raise the retail price in Printful to at least the minimum shown, then sync again.

function variantLabel(v: CatalogMarginDoc['variants'][number]): string {
  return variantWords(v) || `Variant ${v.id}`;
}

export function MarginGuard() {
  const margins = useCatalogMargins();
  if (margins.isPending) return <p>Loading the margin check...</p>;
  if (margins.isError) return <p role="alert">The margin check could not be loaded: {margins.error.message}</p>;
  const { minMarginPercent, products } = margins.data;
  return (
    <>
      <p>
        Variants priced below what Printful charges plus the shop&apos;s minimum margin ({minMarginPercent}%) are not
        sold. Raise their price in Printful, then sync.
      </p>
      {products.length === 0 ? (
        <p data-testid="margin-guard-empty">Every synced variant is priced at or above cost.</p>
      ) : (
        <table className="data-table history-table" data-testid="margin-guard">
          <TableHeading
            caption="Variants not sold because they are priced below cost"
            columns={['Product', 'Variant', 'Retail', 'Printful cost', 'Minimum price']}
          />
          <tbody>
            {products.flatMap((product) =>
              product.variants.map((v) => (
                <tr key={`${product.productId}-${v.id}`}>
                  <td data-label="Product">{product.title}</td>
                  <td data-label="Variant">{variantLabel(v)}</td>
                  <td data-label="Retail">{formatPrice(v.retailPrice)}</td>
                  <td data-label="Printful cost">{v.cost === null ? '–' : formatPrice(v.cost)}</td>
                  <td data-label="Minimum price">{v.minimumPrice === null ? '–' : formatPrice(v.minimumPrice)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </>
  );
}
