// Messages of the catalogue that the layout around every page can show (crash and route errors, a
// chunk that did not load, loading, the third-party-cookie warning). Apart from the rest so the
// SPA's first script carries only these: a bundle holds a module whole, with every export any of
// its pages uses, and these are in it on every page.
export const chunkLoadFailed = (n: string | number) => `Loading chunk ${n} failed`;
export const crashTitle = 'Something went wrong';
export const crashText = "Something went wrong. We're sorry, but something unexpected happened.";
export const crashTryAgain = 'Try Again';
export const crashReload = 'Reload Page';
export const loading = 'Loading...';
export const routerError = 'Unexpected Application Error!';
export const thirdPartyCookies = 'Your browser has third-party cookies disabled. Some features may not work properly.';
