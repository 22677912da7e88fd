import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { SizeGuide } from '@shop/shared/schemas';
import { TableHeading } from '../../../components/ui/table-heading';
import { useSizeGuide } from '../api/get-size-guide';

// What a shopper asks before buying: the size guide (garments only) and how shipping and returns
// work for items printed to order.

type Unit = SizeGuide['measurements'][number]['unit'];
const UNIT_NAMES: Record<Unit, string> = { in: 'inches', cm: 'centimetres' };

/** One table per unit: a row per size, a column per measurement. */
function SizeTable({ guide, unit }: { guide: SizeGuide; unit: Unit }) {
  const columns = guide.measurements.filter((m) => m.unit === unit);
  if (columns.length === 0) return null;
  const heading = (m: (typeof columns)[number]) => `${m.name} (${unit})`;
  return (
    <table className="data-table size-table" data-testid={`size-table-${unit}`}>
      <TableHeading caption={`Sizes in ${UNIT_NAMES[unit]}`} columns={['Size', ...columns.map(heading)]} />
      <tbody>
        {guide.sizes.map((size) => (
          <tr key={size}>
            <th scope="row">{size}</th>
            {columns.map((m) => (
              // On a phone the headings are hidden and each row stacks: the label says what the number is.
              <td key={m.name} data-label={heading(m)}>
                {m.values[size] ?? '–'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type ProductFactsProps = { product: Pick<StorefrontProduct, 'id' | 'category' | 'catalogProductId'> };

export function ProductFacts({ product }: ProductFactsProps) {
  // Size guides come from the Printful blank (catalogProductId); a product without one answers 404,
  // which the browser logs as an error, so it is never asked for.
  const hasGuide = product.category === 'clothing' && product.catalogProductId !== undefined;
  const guide = useSizeGuide(product.id, hasGuide);
  return (
    <div className="product-facts">
      {guide.data && (
        <details data-testid="size-guide">
          <summary>Size guide</summary>
          <p>Measured flat on the garment. Between two sizes? Take the larger one for a relaxed fit.</p>
          <SizeTable guide={guide.data} unit="in" />
          <SizeTable guide={guide.data} unit="cm" />
        </details>
      )}
      <details>
        <summary>Shipping and returns</summary>
        <p>
          Every item is printed for you when you order, usually within 2 to 5 working days, then shipped with tracking.
          Shipping costs for your country are shown in the cart before you pay.
        </p>
        <p>
          If an item arrives damaged or misprinted, write to us within 30 days with a photo and we replace it free of
          charge. Because each piece is made to order, we cannot take back items that are simply the wrong size.
        </p>
      </details>
    </div>
  );
}
