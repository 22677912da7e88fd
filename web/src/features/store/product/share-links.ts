// Where each "share" link leads: the networks' own share pages, which take the page's URL.

export interface ShareLink {
  /** The link's text and accessible name. */
  label: string;
  href: string;
}

export function shareLinks(title: string, url: string): ShareLink[] {
  const u = encodeURIComponent(url);
  return [
    {
      label: 'Share by e-mail',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}: ${url}`)}`,
    },
    { label: 'Share on X', href: `https://x.com/intent/tweet?text=${encodeURIComponent(title)}&url=${u}` },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}
