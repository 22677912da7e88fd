import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lib/chunk-loader';

// Routes joined to the page group when one of them is visited (router.tsx, ./extra-pages.ts): the
// admin's pages, which only the studio opens, and EXTRA_PAGE_PATHS (shared/src/pages/paths.ts),
// whose addresses the server answers itself in production (not found, or on to the store).

const adminHome = lazyRoute('admin-home', () => import('./routes/admin-home'));
const adminCustomers = lazyRoute('admin-customers', () => import('./routes/admin-customers'));
const adminCustomer = lazyRoute('admin-customer', () => import('./routes/admin-customer'));
const adminQuote = lazyRoute('admin-quote', () => import('./routes/admin-quote'));
const adminSync = lazyRoute('admin-sync', () => import('./routes/admin-sync'));
const adminOrders = lazyRoute('admin-orders', () => import('./routes/admin-orders'));
const adminOrder = lazyRoute('admin-order', () => import('./routes/admin-order'));
const adminQuotes = lazyRoute('admin-quotes', () => import('./routes/admin-quotes'));
const adminReports = lazyRoute('admin-reports', () => import('./routes/admin-reports'));
const adminDiscounts = lazyRoute('admin-discounts', () => import('./routes/admin-discounts'));
const adminTeamOrders = lazyRoute('admin-team-orders', () => import('./routes/admin-team-orders'));
const storefront = lazyRoute('storefront', () => import('./routes/storefront'));
const storeOld = lazyRoute('store-old', () => import('./routes/store-old'));
const printful = lazyRoute('printful', () => import('./routes/printful'));
const printfulProduct = lazyRoute('printful-product', () => import('./routes/printful-product'));
const apiTest = lazyRoute('api-test', () => import('./routes/api-test'));
const networkTest = lazyRoute('network-test', () => import('./routes/network-test'));
const firestoreTest = lazyRoute('firestore-test', () => import('./routes/firestore-test'));

export const extraRoutes: RouteObject[] = [
  { path: 'admin', lazy: adminHome },
  { path: 'admin/customers', lazy: adminCustomers },
  { path: 'admin/customers/:customerKey', lazy: adminCustomer },
  { path: 'admin/quotes/:quoteId', lazy: adminQuote },
  { path: 'admin/sync', lazy: adminSync },
  { path: 'admin/orders', lazy: adminOrders },
  { path: 'admin/orders/:orderId', lazy: adminOrder },
  { path: 'admin/quotes', lazy: adminQuotes },
  { path: 'admin/reports', lazy: adminReports },
  { path: 'admin/team-orders', lazy: adminTeamOrders },
  { path: 'admin/discounts', lazy: adminDiscounts },
  { path: 'storefront', lazy: storefront },
  { path: 'store/old', lazy: storeOld },
  { path: 'store/printful', lazy: printful },
  { path: 'printful-products', lazy: printful },
  { path: 'store/printful/:productId', lazy: printfulProduct },
  { path: 'api-test', lazy: apiTest },
  { path: 'network-test', lazy: networkTest },
  { path: 'firestore-test', lazy: firestoreTest },
];
