import { MESSAGES } from '@shop/shared';
import { useNetworkStatus } from '../network-status-provider';

const TEXT = {
  offline: MESSAGES.offline,
  slow: 'Your connection looks slow, so pages may take a little longer to load.',
} as const;

export function NetworkStatusBanner() {
  const status = useNetworkStatus();
  return (
    <div role="status" aria-live="polite" className="network-status-region">
      {/* Offline, the notice takes its place in the sticky header, under its links: it pushes the
          page down and never lies over the header or the page's heading; it is the only place a
          page says it is offline. The slow-connection notice, known only after the page has
          loaded (the speed test runs then), still hangs over the page's top instead of moving it
          (a layout shift; Lighthouse saw 0.04 on /store). Both in notice-bar.css. */}
      {status !== 'online' && (
        <p className={`notice-bar notice-bar--${status}`} data-network-status={status}>
          {TEXT[status]}
        </p>
      )}
    </div>
  );
}
