import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import {
  BLOG_FOLLOW_PATH,
  CONSENT_RETURN_PLACEHOLDER,
  currencyPickerState,
  type CurrencyPickerState,
  type SsrEntry,
} from '@shop/shared/pages';
import { DEFAULT_STORE_CURRENCIES } from '@shop/shared/domain/currency';
import { AppProvider } from '../app/provider';
import { ConsentBannerView } from '../features/privacy/components/cookie-consent-banner';
import { routes } from '../app/router';
import { postQueryOptions } from '../features/blog/api/get-post';
import { postsQueryOptions } from '../features/blog/api/get-posts';
import { productQuery } from '../lib/catalog/api/get-product';
import { CATALOGUE_QUERY_KEY } from '../lib/catalog/catalogue-query';
import type { StoreProducts } from '../lib/catalog/load-catalogue';
import { createQueryClient } from '../lib/query-client';
import { RENDERED_CART_QUERY_KEY } from '../lib/cart/rendered-cart';
import { setRenderCurrency } from '../lib/catalog/page-currency';

// The SSR build (the render contract SsrEntry in @shop/shared/pages): build-time rendering of the
// pages whose content is known at build (web/scripts/prerender.ts) and the store pages the API
// renders on request; the same routes and components as the SPA, with their data put in the
// query cache first.

export const renderPage: SsrEntry['renderPage'] = async (path, data, options = {}) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(postsQueryOptions({ page: 1 }).queryKey, data.blogList);
  for (const post of data.posts) queryClient.setQueryData(postQueryOptions(post.slug).queryKey, post);
  const { html, queries } = await renderWith(queryClient, path);
  // Only what the page used: a post's page does not carry every other post.
  const used = { ...queries, queries: queries.queries.filter((q) => isUsedBy(path, q.queryKey)) };
  return {
    html,
    state: {
      path,
      ...(path === '/blog' ? { search: '' } : {}),
      ...(options.notFound ? { notFound: true } : {}),
      queries: used,
    },
  };
};

/**
 * The store and product pages, rendered by the server on request (api/src/routes/pages) with
 * the catalogue read model's list in the one catalogue cache entry, as the live stream would put
 * it there; the SPA hydrates the same tree and the stream then keeps it current. `path` may carry
 * the store's query string (a search from the header's form before the app runs): the page is
 * then that search's results, and the SPA takes it over only at the same address.
 */
export const renderStorePage: SsrEntry['renderStorePage'] = async (path, data) => {
  const queryClient = createQueryClient();
  // Not storeProductsFrom: that also writes the browser's offline copy, which a server has not.
  const catalogue: StoreProducts = {
    products: data.products,
    error: null,
    source: 'network',
    ...(data.version ? { version: data.version } : {}),
  };
  queryClient.setQueryData(CATALOGUE_QUERY_KEY, catalogue);
  if (data.product) queryClient.setQueryData(productQuery(data.product.id).queryKey, data.product);
  const { html, queries } = await renderWith(queryClient, path, data.currency);
  const { pathname, search } = new URL(path, 'http://prerender.local');
  return { html, state: { path: pathname, search, queries } };
};

/**
 * The cart page with a guest's cart, rendered by the server on request (never cached: it is that
 * shopper's own), so the lines, quantities and totals a form post changed are on the page before
 * any script runs, and their forms work from the first paint. Any query string matches (a form's
 * notice must not make the app render the page afresh).
 */
export const renderCartPage: SsrEntry['renderCartPage'] = async (path, data) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(RENDERED_CART_QUERY_KEY, data.cart);
  const { html, queries } = await renderWith(queryClient, path);
  return { html, state: { path, queries } };
};

/**
 * `currency`: the shopper's, for a page rendered on request; the build's pages are in USD, and the
 * server writes each answer's picker in the shopper's currency (withCurrencyPicker).
 */
const BUILD_CURRENCY = currencyPickerState('USD', DEFAULT_STORE_CURRENCIES);

async function renderWith(queryClient: QueryClient, path: string, currency?: CurrencyPickerState) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} redirects; it cannot be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Set right before the render, which runs to its end at once (no other render between). The
  // build's pages are in US dollars; the server rewrites each answer's picker (withCurrencyPicker).
  setRenderCurrency(currency ?? BUILD_CURRENCY);
  const html = renderToString(
    <AppProvider queryClient={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  return { html, queries: dehydrate(queryClient) };
}

/**
 * The cookie banner as the server adds it to a page for a visitor without a consent cookie (right
 * after the skip link, where the layout renders it), its buttons posting a plain form until the
 * app runs.
 * The browser's first render is the same markup, so hydration adopts it.
 */
export const renderConsentBanner: SsrEntry['renderConsentBanner'] = () => {
  return renderToString(
    <StaticRouter location="/">
      <ConsentBannerView ready={false} onChoose={() => undefined} returnTo={CONSENT_RETURN_PLACEHOLDER} />
    </StaticRouter>,
  );
};

function isUsedBy(path: string, key: readonly unknown[]): boolean {
  if (key[0] !== 'blog') return false;
  // The blog's first page of posts: the list, and the latest posts of the page on following it.
  if (key[1] === 'posts') return path === '/blog' || path === BLOG_FOLLOW_PATH;
  return path === `/blog/${String(key[2])}`;
}

export { PRERENDER_STATE_ID } from '@shop/shared/pages';
