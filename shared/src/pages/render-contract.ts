import type { BlogListResponse, BlogPost } from '../schemas/blog.js';
import type { CartResponse } from '../schemas/cart.js';
import type { StorefrontProduct } from '../schemas/storefront-product.js';
import type { CurrencyPickerState } from './currency-picker.js';

// The server render's contract, declared once: what the SSR build of web/src/prerender/entry.tsx
// renders from (data in), what it gives back (HTML and the state the SPA hydrates with), and where
// the build leaves it. The web implements it; the build script and the API call it.

/** What the pages known at build time are rendered from: the blog. */
export interface PrerenderData {
  /** The first page of the blog list, as GET /api/blog answers it. */
  blogList: BlogListResponse;
  posts: BlogPost[];
}

/** What a store page is rendered with on request: the storefront list, and the product shown. */
export interface StorePageData {
  products: StorefrontProduct[];
  /** A product page's product (it may be one the storefront list does not hold). */
  product?: StorefrontProduct;
  /**
   * The live stream's id of `products` (its snapshot's ETag): the page's stream names it and is
   * answered `unchanged` rather than sent the list the page already holds.
   */
  version?: string;
  /** The shopper's currency, as the page's picker shows it (the products are priced in it, or in USD while it is paused). */
  currency?: CurrencyPickerState;
}

/**
 * What the cart page is rendered with on request: the cart of the guest whose cookie the request
 * carries (the forms that work before the app change that cart), as GET /api/cart answers it.
 */
export interface CartPageData {
  cart: CartResponse;
}

/**
 * What a rendered page carries for the SPA that takes it over: the path it was rendered for and
 * the query data it was rendered with (a JSON data block, which the CSP allows). `Queries` is the
 * query cache's dehydrated state, which only the web knows the shape of.
 */
export interface PrerenderState<Queries = unknown> {
  /** The path the HTML was rendered for. */
  path: string;
  /** Rendered for this query string only (the blog list); otherwise any query string matches. */
  search?: string;
  /** The not-found page, served for any unknown path. */
  notFound?: boolean;
  queries: Queries;
}

export interface PrerenderedPage<Queries = unknown> {
  html: string;
  state: PrerenderState<Queries>;
}

/** The SSR build's exports. */
export interface SsrEntry {
  renderPage(path: string, data: PrerenderData, options?: { notFound?: boolean }): Promise<PrerenderedPage>;
  renderStorePage(path: string, data: StorePageData): Promise<PrerenderedPage>;
  renderCartPage(path: string, data: CartPageData): Promise<PrerenderedPage>;
  renderConsentBanner(): string;
  PRERENDER_STATE_ID: string;
}

/** The id of the JSON block holding a rendered page's PrerenderState. */
export const PRERENDER_STATE_ID = 'prerender-state';
/** Where in the build the pre-rendered pages are (pages/<path>.html, pages/404.html). */
export const PRERENDERED_DIR = 'pages';
/** The SSR build of web/src/prerender/entry.tsx, kept in the build for the store pages. */
export const SSR_ENTRY_FILE = '.ssr/entry.js';
/** The cookie banner's HTML, rendered by the build beside the SSR entry (never served as a file). */
export const CONSENT_BANNER_FILE = '.ssr/consent-banner.html';

const ROOT_ELEMENT = '<div id="root"></div>';
/** Where a rendered page's root ends: documentOf writes the page's data right after it. */
const RENDERED_ROOT_END = '</div>\n    <script type="application/json" id=';
const RENDERED_ROOT_START = '<div id="root">';
/** The layout's first element (web/src/app/root-layout.tsx); the cookie banner follows it. */
const SKIP_LINK_START = '<a class="skip-link"';

/** Where a path's pre-rendered document is, relative to the pages folder ('/' is index.html). */
export function prerenderedFile(pathname: string): string {
  const clean = pathname.replace(/\/+$/, '') || '/index';
  return `${clean.slice(1)}.html`;
}

/** JSON inside a script element: `<` escaped so no `</script>` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The shell with a rendered page in its root and the data it was rendered with beside it. */
export function documentOf(template: string, page: PrerenderedPage, stateId = PRERENDER_STATE_ID): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html lacks ${ROOT_ELEMENT}`);
  return template.replace(
    ROOT_ELEMENT,
    // A function, so `$` in the page is not read as a replacement pattern.
    () => `<div id="root">${page.html}${RENDERED_ROOT_END}"${stateId}">${scriptJson(page.state)}</script>`,
  );
}

/**
 * A rendered page with the cookie banner right after the skip link, where the layout renders it:
 * early in the tab order (it stands fixed at the bottom of the window, so where it sits in the
 * markup moves nothing), painted with the page instead of after the script (it was the largest
 * paint of the store and cart on a phone), and adopted by hydration. The shell is left as it is:
 * the SPA renders a page afresh there, banner included; so is a page without the skip link
 * (hydration would not find the banner where the layout has it).
 */
export function withConsentBanner(document: string, banner: string, returnPath = '/'): string {
  const root = document.indexOf(RENDERED_ROOT_START);
  // React may put resource hints (an image's preload) ahead of the layout's first element.
  const skipLink = root === -1 ? -1 : document.indexOf(SKIP_LINK_START, root);
  if (skipLink === -1) return document;
  const at = document.indexOf('</a>', skipLink) + '</a>'.length;
  const own = banner.replace(CONSENT_RETURN_PLACEHOLDER, () => escapeAttribute(returnPath));
  return `${document.slice(0, at)}${own}${document.slice(at)}`;
}

/**
 * The banner is rendered once, for every page: its form's "return to this page" field holds this
 * until the server writes in the page the banner is sent with (withConsentBanner). Left as it is,
 * it still names a page of the site (the home page).
 */
export const CONSENT_RETURN_PLACEHOLDER = '/#consent-return';

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
