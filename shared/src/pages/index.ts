// Page metadata shared by the SPA (document head after a navigation) and the server (the head of
// the HTML it answers, the sitemap and robots.txt).
export * from './site.js';
export * from './paths.js';
export * from './page-meta.js';
export * from './page-routes.js';
export * from './page-links.js';
export * from './page-head.js';
export * from './breadcrumbs.js';
export * from './paint-first.js';
export * from './render-contract.js';
export * from './session-hint.js';
export * from './escape-html.js';
export * from './currency-picker.js';
export * from './currency-picker-state.js';
