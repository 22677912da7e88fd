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
      {status !== 'online' && (
        <p className={`notice-bar notice-bar--${status}`} data-network-status={status}>
          {TEXT[status]}
        </p>
      )}
    </div>
  );
}
