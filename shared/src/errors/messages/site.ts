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
// The connection notice under the header (web: network-status-banner.tsx), the one place a page
// says the browser is offline. One line on a 375 px phone.
export const offline = 'You are offline. Your cart is saved.';
export const thirdPartyCookies = 'Your browser has third-party cookies disabled. Some features may not work properly.';
// Sign-up (docs/limits.md#account-enumeration). With Firebase's email-enumeration protection on, an
// address that already has an account is refused like any other failure (auth/invalid-credential),
// so the sentence says what to do either way without saying whether the account exists.
export const signUpNotCreated =
  'The account could not be created. If you already have an account with this e-mail address, sign in or reset your password instead.';
export const signUpFailed = 'The account could not be created. Please try again.';
export const signInFailed = 'Signing in failed. Please try again.';
