import { TableHeading } from '../../../components/ui/table-heading';

// What a shopper asks before buying: the size guide (garments only) and how shipping and returns
// work for items printed to order.

const SIZE_CHART: ReadonlyArray<[string, string, string]> = [
  ['S', '91-96', '71'],
  ['M', '96-101', '74'],
  ['L', '101-106', '76'],
  ['XL', '106-111', '79'],
  ['2XL', '111-116', '81'],
];

export function ProductFacts({ category }: { category: string }) {
  return (
    <div className="product-facts">
      {category === 'clothing' && (
        <details>
          <summary>Size guide</summary>
          <p>Measured flat on the garment, in centimetres. Between two sizes? Take the larger one for a relaxed fit.</p>
          <table className="data-table size-table">
            <TableHeading caption="Sizes in centimetres" columns={['Size', 'Chest', 'Length']} />
            <tbody>
              {SIZE_CHART.map(([size, chest, length]) => (
                <tr key={size}>
                  <th scope="row">{size}</th>
                  <td>{chest}</td>
                  <td>{length}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
