import { CURRENCIES, type CurrencyCode } from '@shop/shared/domain/currency';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { absoluteUrl, escapeHtml, productPath, SITE, STORE_PATH } from '@shop/shared/pages';

// GET /store/feed.xml (docs/rules.md#local-prices): the catalogue for merchant listings (Google
// Merchant Center's RSS 2.0 product data, the `g:` namespace), one item per orderable variant
// grouped by product, priced in one currency: US dollars, or the one `?currency=` names. Each
// item's link opens the product page in that same currency, so the page shows the feed's price.

const G = 'http://base.google.com/ns/1.0';

const text = (value: string) => escapeHtml(value);

export function renderProductFeed(
  products: readonly StorefrontProduct[],
  publicUrl: string,
  currency: CurrencyCode,
  available: (id: string) => boolean,
): string {
  const decimals = CURRENCIES[currency].decimals;
  const suffix = currency === 'USD' ? '' : `?currency=${currency}`;
  const items: string[] = [];
  for (const product of products) {
    const link = absoluteUrl(publicUrl, productPath(product.id)) + suffix;
    const image = [...product.images, product.thumbnail_url].find((u) => u.trim() !== '');
    for (const variant of product.variants) {
      if (!variant.id || variant.catalog_variant_id === null || variant.catalog_variant_id === 0) continue;
      items.push(
        [
          '<item>',
          `<g:id>${text(variant.sku ?? variant.id)}</g:id>`,
          `<g:item_group_id>${text(product.id)}</g:item_group_id>`,
          `<title>${text(`${product.title} (${variant.size}, ${variant.color})`)}</title>`,
          `<description>${text(product.description || product.title)}</description>`,
          `<link>${text(link)}</link>`,
          image ? `<g:image_link>${text(absoluteUrl(publicUrl, image))}</g:image_link>` : '',
          `<g:price>${variant.price.toFixed(decimals)} ${variant.currency}</g:price>`,
          `<g:availability>${available(product.id) ? 'in_stock' : 'out_of_stock'}</g:availability>`,
          '<g:condition>new</g:condition>',
          `<g:brand>${text(SITE.name)}</g:brand>`,
          `<g:size>${text(variant.size)}</g:size>`,
          `<g:color>${text(variant.color)}</g:color>`,
          `<g:product_type>${text(product.category)}</g:product_type>`,
          '</item>',
        ]
          .filter(Boolean)
          .join(''),
      );
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${G}">`,
    '<channel>',
    `<title>${text(`${SITE.name} merch store`)}</title>`,
    `<link>${text(absoluteUrl(publicUrl, STORE_PATH))}</link>`,
    `<description>${text(`Every product of the ${SITE.name} merch store, priced in ${currency}.`)}</description>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
