import { FORM_ACTIONS } from '@shop/shared/pages';

// Which URLs the API itself answers, as opposed to the site's pages and static files. The rate
// limit counts only these (docs/rules.md#bytes-and-budgets); an unknown one answers JSON, not a page.
const SERVER_PREFIXES = ['/api', '/admin/queues', '/metrics'];

/** The path as the router reads it: `/%61pi/quotes` is `/api/quotes` (docs/rules.md#money-and-abuse). */
function decodedPathname(url: string): string {
  const pathname = url.split('?')[0] ?? url;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export function isServerPath(url: string): boolean {
  const pathname = decodedPathname(url);
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const FORM_PATHS: ReadonlySet<string> = new Set(Object.values(FORM_ACTIONS));

/**
 * A post of a server-rendered page's form: it does what an API request does (changes a cart,
 * starts a checkout), so it spends the same request budget, though its path is a page's.
 */
export function isFormPost(method: string, url: string): boolean {
  return method === 'POST' && FORM_PATHS.has(decodedPathname(url));
}
