import { useEffect } from 'react';
import { SITE } from '../config/site';

export interface PageMeta {
  /** The page's own title; the home page passes none and gets the studio's full title. */
  title?: string;
  description: string;
}

function setDescription(content: string) {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE.name}` : `${SITE.name}: web design and development`;
}

/** Document title and meta description for the current route. */
export function usePageMeta({ title, description }: PageMeta): void {
  useEffect(() => {
    document.title = pageTitle(title);
    setDescription(description);
  }, [title, description]);
}
