import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { BLOG_FEED_PATH } from '@shop/shared/pages';

const noChange = () => () => undefined;

/**
 * The feed's full address: the page is rendered at build, before the site's address is known, so
 * the served HTML holds the path and the browser writes in its own origin once the app runs.
 */
export function useFeedUrl(): string {
  return useSyncExternalStore(
    noChange,
    () => new URL(BLOG_FEED_PATH, window.location.origin).href,
    () => BLOG_FEED_PATH,
  );
}

/** The feed's address in a field a reader can select, with a button that copies it. */
export function FeedAddress() {
  const url = useFeedUrl();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Copied. Paste it into your feed reader.');
    } catch {
      // No clipboard (an insecure page or a refusal): the address is selected for the reader to copy.
      field.current?.select();
      setStatus('Selected: copy it with Ctrl+C (or Command+C).');
    }
  };

  return (
    <div className="feed-address">
      <label htmlFor={id}>The feed&rsquo;s address</label>
      <div className="feed-address__row">
        <input id={id} ref={field} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy address
        </button>
      </div>
      <p className="feed-address__status" role="status">
        {status}
      </p>
    </div>
  );
}
