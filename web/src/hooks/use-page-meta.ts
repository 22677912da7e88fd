import { useEffect } from 'react';
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

/**
 * Document title and description after a navigation inside the SPA. The first page's head (with
 * canonical, Open Graph and structured data) came from the server, from the same page metadata
 * (@shop/shared/pages); here the tags a browser or a sharing tab reads follow the page.
 */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    const fullTitle = pageTitle(title);
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
  }, [title, description]);
}
