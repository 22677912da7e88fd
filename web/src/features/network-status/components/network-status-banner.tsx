import { lazy, Suspense } from 'react';
import { MESSAGES } from '@shop/shared';
import { useNetworkStatus } from '../network-status-provider';

// Known only once the page has loaded, so its code comes then, apart from the first script.
const SlowConnectionNotice = lazy(() => import('./slow-connection-notice'));

export function NetworkStatusBanner() {
  const status = useNetworkStatus();
  return (
    <div role="status" aria-live="polite" className="network-status-region">
      {/* Offline, the notice takes its place in the sticky header, under its links: it pushes the
         page down and never lies over the header or the page's heading; it is the only place a
         page says it is offline (notice-bar.css). */}
      {status === 'offline' && (
        <p className="notice-bar notice-bar--offline" data-network-status="offline">
          {MESSAGES.offline}
        </p>
      )}
      {status === 'slow' && (
        <Suspense fallback={null}>
          <SlowConnectionNotice />
        </Suspense>
      )}
    </div>
  );
}
