import { useState } from 'react';
import {
  createBrowserRouter,
  replace,
  RouterProvider,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from '../components/errors/route-error-screen';
import { LoadingScreen } from '../components/ui/loading-screen';
import { importWithRetry, lazyRoute } from '../lib/chunk-loader';
import { PAGE_GROUP, isExtraPage } from './extra-pages';
import { readPrerenderState } from '../prerender/prerender-state';

// Every screen of docs/rules.md#screens-and-routes, each in its own chunk so the home page loads only its own
// code. Aliases share one module (and so one chunk).
const home = lazyRoute('home', () => import('./routes/home'));
const about = lazyRoute('about', () => import('./routes/about'));
const team = lazyRoute('team', () => import('./routes/team'));
const privacy = lazyRoute('privacy', () => import('./routes/privacy'));
const clients = lazyRoute('clients', () => import('./routes/clients'));
const hire = lazyRoute('hire', () => import('./routes/hire'));
const packages = lazyRoute('packages', () => import('./routes/packages'));
const seasons = lazyRoute('seasons', () => import('./routes/seasons'));
const serviceDetails = lazyRoute('service-details', () => import('./routes/service-details'));
const quote = lazyRoute('quote', () => import('./routes/quote'));
const blog = lazyRoute('blog', () => import('./routes/blog'));
const blogPost = lazyRoute('blog-post', () => import('./routes/blog-post'));
const blogFollow = lazyRoute('blog-follow', () => import('./routes/blog-follow'));
const products = lazyRoute('products', () => import('./routes/products'));
const store = lazyRoute('store', () => import('./routes/store'));
const product = lazyRoute('product', () => import('./routes/product'));
const cart = lazyRoute('cart', () => import('./routes/cart'));
const checkout = lazyRoute('checkout', () => import('./routes/checkout'));
const confirmation = lazyRoute('confirmation', () => import('./routes/confirmation'));
const orderSuccess = lazyRoute('order-success', () => import('./routes/order-success'));
const orderStatus = lazyRoute('order-status', () => import('./routes/order-status'));
const account = lazyRoute('account', () => import('./routes/account'));
const passwordReset = lazyRoute('password-reset', () => import('./routes/password-reset'));
const teamOrderStart = lazyRoute('team-order-start', () => import('./routes/team-order-start'));
const teamOrderLead = lazyRoute('team-order-lead', () => import('./routes/team-order-lead'));
const teamOrderLink = lazyRoute('team-order-link', () => import('./routes/team-order-link'));
const cartRestore = lazyRoute('cart-restore', () => import('./routes/cart-restore'));
const login = lazyRoute('login', () => import('./routes/login'));
const notFound = lazyRoute('not-found', () => import('./routes/not-found'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Only if the layout itself fails; page errors are caught below, inside the layout.
    errorElement: <RouteErrorScreen />,
    children: [
      {
        id: PAGE_GROUP,
        errorElement: <RouteErrorScreen />,
        // Shown inside the layout while the first page's chunk downloads.
        HydrateFallback: LoadingScreen,
        children: [
          { index: true, lazy: home },
          { path: 'about', lazy: about },
          { path: 'team', lazy: team },
          { path: 'privacy', lazy: privacy },
          { path: 'clients', lazy: clients },
          { path: 'templates', lazy: clients },
          { path: 'hire', lazy: hire },
          { path: 'packages', lazy: packages },
          { path: 'packages/seasons', lazy: seasons },
          { path: 'service-details', lazy: serviceDetails },
          { path: 'contact/quote', lazy: quote },
          { path: 'blog', lazy: blog },
          { path: 'blog/subscribe', lazy: blogFollow },
          { path: 'blog/:slug', lazy: blogPost },
          { path: 'products', lazy: products },
          { path: 'store/products', lazy: products },
          { path: 'store', lazy: store },
          { path: 'store/product/:productId', lazy: product },
          { path: 'store/cart', lazy: cart },
          { path: 'store/cart/restore/:token', lazy: cartRestore },
          { path: 'checkout', lazy: checkout },
          { path: 'store/checkout', lazy: checkout },
          { path: 'store/confirmation', lazy: confirmation },
          { path: 'order-confirmation', lazy: confirmation },
          { path: 'store/order-success', lazy: orderSuccess },
          { path: 'store/order-status', lazy: orderStatus },
          // The payment provider returns to /success?session_id=...; the query string is kept.
          { path: 'success', loader: ({ request }) => replace(`/store/order-success${new URL(request.url).search}`) },
          { path: 'account', lazy: account },
          { path: 'account/reset-password', lazy: passwordReset },
          { path: 'store/team/start', lazy: teamOrderStart },
          { path: 'store/team/lead/:id', lazy: teamOrderLead },
          { path: 'store/team/:token', lazy: teamOrderLink },
          { path: 'login', lazy: login },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

/**
 * The admin's pages, the developer pages and the spec's extra storefronts join the route table
 * when one is visited (./extra-pages.ts): their entries, and the lists of files each would
 * preload, stay out of every other page's first script.
 */
export function extraRoutesOnNavigation({
  answeredNotFound = null,
}: { answeredNotFound?: string | null } = {}): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ path, patch }) => {
    // The server's word stands: where it answered "not found" (in production, the developer
    // pages), the app shows that page too instead of fetching the route and showing the page.
    if (added || !isExtraPage(path) || pathOf(path) === answeredNotFound) return;
    const { extraRoutes } = await importWithRetry('extra-routes', () => import('./extra-routes'));
    if (added) return;
    added = true;
    patch(PAGE_GROUP, extraRoutes);
  };
}

/** The address the server answered 404 for, when this document is its not-found page. */
function serverNotFoundPath(): string | null {
  return readPrerenderState()?.notFound ? window.location.pathname : null;
}

const pathOf = (path: string) => path.split(/[?#]/)[0];

/**
 * `takingOver`: the page in the document was rendered for this address (prerender/take-over.ts,
 * which has loaded its routes' code), so the first render must be that page. With
 * patchRoutesOnNavigation, a router without hydration data treats an address with a parameter
 * (`/store/product/:productId`, `/blog/:slug`, the not-found splat) as possibly an undiscovered
 * route and renders the HydrateFallback (a loading screen) until it has asked: against the server's
 * product page that is a hydration mismatch (React #418), which throws the server's HTML away.
 * Hydration data (there are no loaders, so it is empty) says the matched routes are the page's. An
 * extra page is still discovered first: its routes are not in the table yet.
 */
export function AppRouter({ takingOver = false }: { takingOver?: boolean }) {
  const [router] = useState(() => {
    const answeredNotFound = serverNotFoundPath();
    // A developer page the server answered 404 for stays the not-found page, which is in the table.
    const known = !isExtraPage(location.pathname) || location.pathname === answeredNotFound;
    return createBrowserRouter(routes, {
      patchRoutesOnNavigation: extraRoutesOnNavigation({ answeredNotFound }),
      hydrationData: takingOver && known ? {} : undefined,
    });
  });
  return <RouterProvider router={router} />;
}
