import { variantLabel } from '@shop/shared/domain/order';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { countryName } from '@shop/shared/domain/address';
import type { ShopperAddress, ShopperOrderItem, TrackingLink } from '@shop/shared/schemas';
import { ProductPicture } from '../../../components/ui/product-picture';

// Small pieces every view of a shopper's order shows the same way: the confirmation, the lookup
// page and the account's order history.

/** The product named once, its variant (colour / size) under it. */
export function ItemName({ item }: { item: Pick<ShopperOrderItem, 'name' | 'variantName' | 'size' | 'color'> }) {
  const variant = variantLabel(item);
  return (
    <span className="order-item-name">
      <span className="order-item-name__product">{item.name}</span>
      {variant && <small className="order-item-name__variant">{variant}</small>}
    </span>
  );
}

/** The product's picture, or a neutral tile when the order line has none. */
export function ItemPicture({ item }: { item: Pick<ShopperOrderItem, 'imageUrl'> }) {
  return item.imageUrl ? (
    <ProductPicture
      className="order-item-picture"
      url={item.imageUrl}
      sizes={PICTURE_SIZES.orderLine}
      box={56}
      fallbackWidth={56}
      alt=""
      loading="lazy"
    />
  ) : (
    <span className="order-item-picture order-item-picture--none" aria-hidden="true" />
  );
}

export function ShippingAddress({ address }: { address: ShopperAddress }) {
  const cityLine = [address.city, address.stateCode, address.zip].filter(Boolean).join(' ');
  return (
    <address className="order-address" data-testid="shipping-address">
      {[address.name, address.address1, address.address2, cityLine, countryName(address.countryCode)]
        .filter((line): line is string => Boolean(line))
        .map((line) => (
          <span key={line}>{line}</span>
        ))}
    </address>
  );
}

/** Each parcel's tracking: a link to the carrier's page when there is one. */
export function TrackingLinks({ tracking }: { tracking: TrackingLink[] }) {
  return (
    <ul className="order-tracking" data-testid="tracking-links">
      {tracking.map((t) => (
        <li key={t.number}>
          {t.url ? (
            <a href={t.url} target="_blank" rel="noreferrer noopener">
              Track {t.carrier ? `${t.carrier} ` : 'parcel '}
              {t.number}
            </a>
          ) : (
            `${t.carrier ?? 'Tracking number'} ${t.number}`
          )}
        </li>
      ))}
    </ul>
  );
}
