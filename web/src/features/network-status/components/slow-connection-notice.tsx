import { useState } from 'react';

// The slow-connection notice (spec: below 1 Mbps), known only once the page has loaded: a line of
// the sticky header, under its links, like the offline one (notice-bar.css), so it lies over
// neither the header, the page's heading nor the buy bar. Coming after the page has painted, it
// moves the page down once by its height; on a link that slow that is the lesser harm than
// covering what the visitor reads. One dismissal holds for the rest of the visit (this tab).

const TEXT = 'Your connection looks slow: pages may take longer to load.';
const DISMISSED_KEY = 'slow-connection-dismissed';

function dismissedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export default function SlowConnectionNotice() {
  const [dismissed, setDismissed] = useState(dismissedThisVisit);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private modes may refuse storage: the notice still goes for this page.
    }
    setDismissed(true);
  };
  return (
    <p className="notice-bar notice-bar--slow" data-network-status="slow">
      <span>{TEXT}</span>
      <button type="button" className="notice-bar__close" aria-label="Dismiss this notice" onClick={dismiss}>
        ×
      </button>
    </p>
  );
}
