import { PASSWORD_RESET_CODE_PARAM, PASSWORD_RESET_NEXT_PARAM } from '../constants/password-reset.js';
import { ORDER_STATUS_PATH, PASSWORD_RESET_PATH } from './paths.js';
import { SITE } from './site.js';

// A page's title and the addresses of pages that take a parameter, as the SPA, the server's heads
// and the e-mails write them.

/** The document title of a page: "Title | Studio", or the studio's full title for the home page. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE.name}` : `${SITE.name}: web design and development`;
}

/** An absolute URL of a path of the site, under the public origin (PUBLIC_URL). */
export function absoluteUrl(publicUrl: string, path: string): string {
  // Relative to the origin's own path, so a PUBLIC_URL with a base path keeps it.
  return new URL(path.replace(/^\/+/, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;
}

export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

export function productPath(id: string): string {
  return `/store/product/${encodeURIComponent(id)}`;
}

/** The lookup page, its number field filled in when the link names an order. */
export function orderStatusPath(number?: string | null, key?: string | null): string {
  if (!number) return ORDER_STATUS_PATH;
  const path = `${ORDER_STATUS_PATH}?number=${encodeURIComponent(number)}`;
  // The confirmation e-mail's link: the key opens the order without the e-mail address.
  return key ? `${path}&key=${encodeURIComponent(key)}` : path;
}

/**
 * The reset e-mail's link: the store's page with the identity provider's one-time code, and the
 * page to land on once signed in when the shopper asked from one.
 */
export function passwordResetPath(code: string, next?: string | null): string {
  const query = new URLSearchParams({ [PASSWORD_RESET_CODE_PARAM]: code });
  if (next) query.set(PASSWORD_RESET_NEXT_PARAM, next);
  return `${PASSWORD_RESET_PATH}?${query.toString()}`;
}
