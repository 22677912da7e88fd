import { useState, useSyncExternalStore } from 'react';
import { productPath } from '@shop/shared/pages';
import { shareLinks } from './share-links';

const noSubscription = () => () => undefined;

/**
 * Copy link and the device's share sheet when the browser has them, plain links otherwise. Rendered
 * only in the browser: the page's absolute URL is its origin there (the server's HTML has none).
 */
export function ShareProduct({ product }: { product: { id: string; title: string } }) {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => null,
  );
  const [status, setStatus] = useState('');
  if (origin === null) return null;
  const url = `${origin}${productPath(product.id)}`;
  const canCopy = typeof navigator.clipboard?.writeText === 'function';
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied.');
    } catch {
      setStatus(`The link could not be copied: ${url}`);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: product.title, url });
    } catch {
      // The shopper closed the share sheet: nothing to say.
    }
  };

  return (
    <section className="share-product" aria-labelledby="share-product-title">
      <h2 id="share-product-title" className="share-product__title">
        Share this product
      </h2>
      <ul>
        {canCopy && (
          <li>
            <button type="button" className="button button--ghost" onClick={() => void copy()}>
              Copy link
            </button>
          </li>
        )}
        {canShare && (
          <li>
            <button type="button" className="button button--ghost" onClick={() => void share()}>
              Share…
            </button>
          </li>
        )}
        {shareLinks(product.title, url).map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              {...(link.href.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <p role="status" className="share-product__status">
        {status}
      </p>
    </section>
  );
}
