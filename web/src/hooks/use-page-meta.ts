import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle, type PageMeta } from '@shop/shared/pages';

export type { PageMeta };
export { pageTitle };

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

/**
 * The head after a navigation inside the SPA: title, description, canonical address and whether
 * search engines may index the page. The first page's head came from the server, from the same
 * page metadata (@shop/shared/pages); here it follows the page a step or a redirect led to, so
 * /success landing on /store/order-success, or an admin page on /login, says so.
 */
export function usePageMeta({ title, description, canonical, noindex }: PageMeta): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const fullTitle = pageTitle(title);
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    const url = new URL(canonical ?? pathname, window.location.origin).href;
    setCanonical(url);
    setMeta('property', 'og:url', url);
    if (noindex) setMeta('name', 'robots', 'noindex');
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, canonical, noindex, pathname]);
}
