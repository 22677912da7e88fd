import { useNetworkStatus } from '../network-status-provider';

const TEXT = {
  offline:
    'You are offline. Pages you have already opened still work; anything you send will wait until you reconnect.',
  slow: 'Your connection looks slow, so pages may take a little longer to load.',
} as const;

export function NetworkStatusBanner() {
  const status = useNetworkStatus();
  return (
    <div role="status" aria-live="polite" className="network-status-region">
      {/* Known only after the page has loaded (the speed test runs then) or when the connection
          drops: it lies over the page, like the cookie warning, rather than pushing the header
          and the page down (a layout shift; Lighthouse saw 0.04 on /store). */}
      {status !== 'online' && (
        <p className={`notice-bar notice-bar--${status} notice-bar--overlay`} data-network-status={status}>
          {TEXT[status]}
        </p>
      )}
    </div>
  );
}
