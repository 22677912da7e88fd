import { countryName } from '@shop/shared/domain/address';
import type { AdminOrderDetail } from '@shop/shared/schemas';

/** Where the order ships, as the studio's label would read it. */
export function OrderAddress({ order }: { order: AdminOrderDetail }) {
  const to = order.shipping;
  if (!to) return <>No address yet</>;
  return (
    <address>
      {to.name}
      <br />
      {to.address1}
      {to.address2 && (
        <>
          <br />
          {to.address2}
        </>
      )}
      <br />
      {to.city}
      {to.stateCode ? `, ${to.stateCode}` : ''} {to.zip}
      <br />
      {countryName(to.countryCode)}
    </address>
  );
}
