import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../lib/chunk-loader';

// The routes of EXTRA_PAGE_PATHS (shared/src/pages/paths.ts), joined to the page group when one of
// them is visited (router.tsx). In production the server answers these addresses itself (not found,
// or on to the store), so shoppers never reach them.

const storefront = lazyRoute('storefront', () => import('./routes/storefront'));
const storeOld = lazyRoute('store-old', () => import('./routes/store-old'));
const printful = lazyRoute('printful', () => import('./routes/printful'));
const printfulProduct = lazyRoute('printful-product', () => import('./routes/printful-product'));
const apiTest = lazyRoute('api-test', () => import('./routes/api-test'));
const networkTest = lazyRoute('network-test', () => import('./routes/network-test'));
const firestoreTest = lazyRoute('firestore-test', () => import('./routes/firestore-test'));

export const extraRoutes: RouteObject[] = [
  { path: 'storefront', lazy: storefront },
  { path: 'store/old', lazy: storeOld },
  { path: 'store/printful', lazy: printful },
  { path: 'printful-products', lazy: printful },
  { path: 'store/printful/:productId', lazy: printfulProduct },
  { path: 'api-test', lazy: apiTest },
  { path: 'network-test', lazy: networkTest },
  { path: 'firestore-test', lazy: firestoreTest },
];
