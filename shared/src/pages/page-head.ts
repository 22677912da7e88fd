import type { BlogPostSummary } from '../schemas/blog.js';
import type { StorefrontProduct } from '../schemas/storefront-product.js';
import { absoluteUrl, blogPostPath, pageTitle, productPath } from './page-links.js';
import type { PageMeta } from './page-meta.js';
import { SITE } from './site.js';
import { productBreadcrumbs } from './breadcrumbs.js';
import { parsePictureUrl, pictureOgUrl, PICTURE_OG } from '../pictures/index.js';
import { productJsonLd, type ProductJsonLdOptions } from './product-json-ld.js';

// What a page's <head> says about it: title, description, canonical URL, Open Graph and Twitter
// tags, structured data. Built from the page metadata (page-routes.ts) plus, for a product or a
// blog post, its own data; the server writes it into the HTML it answers.

export interface PageHead {
  /** The full document title. */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** Absolute URL of the link-preview image. */
  image: string;
  /** What the link-preview image shows, for those who cannot see it. */
  imageAlt: string;
  /** The link-preview image's size, when known (a product picture's 1200 x 630 card). */
  imageSize?: { width: number; height: number };
  type: 'website' | 'article' | 'product';
  /** Structured data objects, each written as one JSON-LD script. */
  jsonLd: Record<string, unknown>[];
  /** Private and developer pages ask search engines not to index them. */
  noindex?: boolean;
}

/** Meta descriptions are cut by search results at about 160 characters. */
const DESCRIPTION_LIMIT = 160;

function shortText(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= DESCRIPTION_LIMIT) return plain;
  const cut = plain.slice(0, DESCRIPTION_LIMIT - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 100 ? lastSpace : cut.length)}…`;
}

/** A URL of the site or the provider, made absolute (stored images may be paths of the site). */
function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : absoluteUrl(publicUrl, url);
}

export function organizationJsonLd(publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE.name,
    url: absoluteUrl(publicUrl, '/'),
    logo: absoluteUrl(publicUrl, SITE.logo),
    email: SITE.email,
    telephone: SITE.phoneHref,
    foundingDate: String(SITE.founded),
    address: SITE.address,
  };
}

/** The head of a page from its metadata alone (every route but products and blog posts). */
export function staticPageHead(
  meta: PageMeta,
  path: string,
  publicUrl: string,
  options: { home?: boolean; noindex?: boolean } = {},
): PageHead {
  return {
    title: pageTitle(meta.title),
    description: meta.description,
    url: absoluteUrl(publicUrl, path),
    image: absoluteUrl(publicUrl, SITE.shareImage),
    imageAlt: SHARE_IMAGE_ALT,
    type: 'website',
    jsonLd: options.home ? [organizationJsonLd(publicUrl)] : [],
    noindex: options.noindex,
  };
}

const SHARE_IMAGE_ALT = `${SITE.name}: web design and development`;

/**
 * A product's link-preview picture: its first raster image (link previews do not show SVG), as
 * the 1200 x 630 card when the store made it (docs/performance.md#product-pictures), else the
 * studio's share card.
 */
function previewImage(
  images: readonly string[],
  title: string,
  publicUrl: string,
): Pick<PageHead, 'image' | 'imageAlt' | 'imageSize'> {
  const raster = images.find((url) => !/\.svg(?:[?#]|$)/i.test(url));
  const picture = parsePictureUrl(raster);
  if (picture)
    return {
      image: pictureOgUrl(picture),
      imageAlt: title,
      imageSize: { width: PICTURE_OG.width, height: PICTURE_OG.height },
    };
  return raster
    ? { image: raster, imageAlt: title }
    : { image: absoluteUrl(publicUrl, SITE.shareImage), imageAlt: SHARE_IMAGE_ALT };
}

export function productHead(product: StorefrontProduct, publicUrl: string, options: ProductJsonLdOptions): PageHead {
  const url = absoluteUrl(publicUrl, productPath(product.id));
  const images = [...new Set([...product.images, product.thumbnail_url].filter((u) => u.trim() !== ''))].map((u) =>
    absolute(publicUrl, u),
  );
  const description =
    shortText(product.description) || `${product.title} from the ${SITE.name} merch store, printed to order.`;
  return {
    title: pageTitle(product.title),
    description,
    url,
    ...previewImage(images, product.title, publicUrl),
    type: 'product',
    jsonLd: [
      productJsonLd(product, { url, description, images }, options),
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: productBreadcrumbs(product).map((crumb, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: crumb.name,
          item: absoluteUrl(publicUrl, crumb.path),
        })),
      },
    ],
  };
}

export function blogPostHead(post: BlogPostSummary, publicUrl: string): PageHead {
  const url = absoluteUrl(publicUrl, blogPostPath(post.slug));
  const image = absoluteUrl(publicUrl, SITE.shareImage);
  return {
    title: pageTitle(post.title),
    description: shortText(post.summary),
    url,
    image,
    imageAlt: SHARE_IMAGE_ALT,
    type: 'article',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.summary,
        datePublished: post.date,
        dateModified: post.date,
        author: { '@type': 'Person', name: post.author },
        publisher: {
          '@type': 'Organization',
          name: SITE.name,
          logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, SITE.logo) },
        },
        mainEntityOfPage: url,
        keywords: post.tags.join(', '),
        image,
        url,
      },
    ],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a script element: `<` escaped so no `</script>` or comment can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head's tags as HTML, one per line, marked so the SPA can find and update them. */
export function renderPageHead(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-page-head />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" data-page-head />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', head.type === 'article' ? 'article' : head.type === 'product' ? 'product' : 'website'),
    meta('property', 'og:site_name', SITE.name),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:locale', SITE.locale),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    ...(head.imageSize
      ? [
          meta('property', 'og:image:width', String(head.imageSize.width)),
          meta('property', 'og:image:height', String(head.imageSize.height)),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
    ...head.jsonLd.map((data) => `<script type="application/ld+json" data-page-head>${scriptJson(data)}</script>`),
  ].join('\n    ');
}
