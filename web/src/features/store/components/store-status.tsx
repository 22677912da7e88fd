import type { StoreState } from '../use-store';

/** Why the store shows what it shows: loading, offline, saved copy, or the error with a retry. */
export function StoreStatus({
  store,
}: {
  store: Pick<StoreState, 'isLoading' | 'error' | 'isOffline' | 'source' | 'retry' | 'products'>;
}) {
  return (
    <div className="store-status" role="status" aria-live="polite">
      {/* That the browser is offline is said once, by the notice under the header
          (network-status-banner.tsx); here only what it means for the list. */}
      {store.isOffline && (
        <p className="callout" data-testid="store-offline">
          The products below are the last ones this browser saw.
        </p>
      )}
      {store.source === 'cache' && !store.isOffline && (
        <p className="callout">
          The store could not be reached just now, so these are the products saved on your last visit.
        </p>
      )}
      {store.error && (
        <div className="callout callout--error" role="alert" data-testid="store-error">
          <p>{store.error}</p>
          <p>Meanwhile, here are a few of our favourite products.</p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={store.retry}
            disabled={store.isLoading}
          >
            {store.isLoading ? 'Trying again...' : 'Try again'}
          </button>
        </div>
      )}
    </div>
  );
}
