import { useEffect, useState } from 'react';
import { FALLBACK_PRODUCTS } from '@shop/shared/domain/product';
import { productListResponseSchema } from '@shop/shared/schemas';
import { ANALYTICS_ID } from '../../config/site';
import { fetchWithFallback, probeReachability } from '../../lib/fetch-with-fallback';
import { API_BASE } from '../../lib/api-client';
import { authSession, useAuthState } from '../../lib/auth/auth-session';
import { idToken } from '../../lib/auth/auth-actions';
import { checkAdminAccess, followSyncJob, requestSync } from '../../features/admin/api/admin-api';
import { PRODUCTS_STREAM_URL, parseSnapshot } from '../../lib/catalog/live/products-stream';
import { analyticsScriptUrl, loadAnalytics } from '../../features/privacy/analytics';
import { useNetworkStatus } from '../../features/network-status/network-status-provider';
import { useIsOffline } from '../../hooks/use-online';
import { detectPrivacySignals, type PrivacySignal } from '../../features/privacy/privacy-signals';
import { CheckCard } from '../../features/dev-tools/components/check-result';
import '../../features/dev-tools/dev-tools.css';

// /network-test: the browser-side network helpers against the real API.

const LISTENER_TIMEOUT_MS = 10_000;

function firstSnapshot(): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const source = new EventSource(PRODUCTS_STREAM_URL);
    const timer = setTimeout(() => {
      source.close();
      reject(new Error(`No snapshot within ${LISTENER_TIMEOUT_MS / 1000} s`));
    }, LISTENER_TIMEOUT_MS);
    source.addEventListener('snapshot', (event) => {
      clearTimeout(timer);
      source.close();
      try {
        const products = parseSnapshot((event as MessageEvent<string>).data);
        resolve(`First snapshot after ${Math.round(performance.now() - started)} ms with ${products.length} products`);
      } catch (e) {
        reject(e as Error);
      }
    });
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) return;
      clearTimeout(timer);
      reject(new Error('The stream refused the connection'));
    });
  });
}

async function checkFetch(): Promise<string> {
  const result = await fetchWithFallback<unknown>(
    [`${API_BASE}/products?limit=5`, `${API_BASE}/products?limit=5&via=second-url`],
    {},
    {},
    () => ({ products: FALLBACK_PRODUCTS }),
  );
  const parsed = productListResponseSchema.partial().safeParse(result.data);
  const count = parsed.success ? (parsed.data.products?.length ?? 0) : 0;
  return `source: ${result.source}, url: ${result.url ?? 'none'}, online: ${result.online}, products: ${count}${result.error ? `, last error: ${result.error}` : ''}`;
}

async function checkAnalytics(): Promise<string> {
  if (!ANALYTICS_ID) return 'No analytics id is configured (VITE_ANALYTICS_ID): the site runs without analytics.';
  const probe = await probeReachability(analyticsScriptUrl(ANALYTICS_ID), { mode: 'no-cors' });
  const outcome = await loadAnalytics(ANALYTICS_ID);
  return `script host ${probe.reachable ? 'reachable' : `unreachable (${probe.message})`}; load outcome: ${outcome}`;
}

async function checkSync(): Promise<string> {
  await authSession.ready();
  const access = await checkAdminAccess();
  if (access.kind !== 'allowed') throw new Error('Only an admin may run a sync: sign in with an admin account first.');
  const { success, jobId } = await requestSync({ fullSync: false, includeArchived: false });
  const token = await idToken();
  if (!token) throw new Error('The session ended before the sync could be followed.');
  let summary = `success: ${success}, job ${jobId} queued`;
  const controller = new AbortController();
  await followSyncJob(
    jobId,
    token,
    {
      onState: (job) => {
        summary = `success: ${job.state === 'completed'}, job ${jobId} ${job.state}, created: ${job.result.created}, updated: ${job.result.updated}${job.error ? `, error: ${job.error}` : ''}`;
      },
      onProgress: () => undefined,
    },
    controller.signal,
  );
  return summary;
}

export function NetworkTestPage() {
  const status = useNetworkStatus();
  const offline = useIsOffline();
  const auth = useAuthState();
  const [privacy, setPrivacy] = useState<PrivacySignal[] | null>(null);

  useEffect(() => {
    // A session from an earlier visit makes the sync test run as that user.
    authSession.ready().catch(() => undefined);
  }, []);

  return (
    <div className="container page dev-page page-columns">
      <section className="card" aria-labelledby="online-title">
        <h2 id="online-title">Online status</h2>
        <dl className="facts" data-testid="online-status">
          <dt>Browser</dt>
          <dd>{offline ? 'offline' : 'online'}</dd>
          <dt>Connection</dt>
          <dd>{status}</dd>
        </dl>
      </section>
      <CheckCard id="fetch" title="Fetch with fallback" buttonLabel="Run the fetch test" run={checkFetch}>
        Two candidate URLs with retries, falling back to the built-in products.
      </CheckCard>
      <CheckCard id="listener" title="Listener" buttonLabel="Run the listener test" run={firstSnapshot}>
        Opens the live product stream and waits for its first snapshot.
      </CheckCard>
      <CheckCard id="analytics" title="Analytics" buttonLabel="Run the analytics test" run={checkAnalytics}>
        Consent, the configured id and whether the script host can be reached.
      </CheckCard>
      <section className="card" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Privacy features</h2>
        <div className="dev-actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void detectPrivacySignals().then(setPrivacy)}
          >
            Detect privacy features
          </button>
        </div>
        <div role="status" aria-live="polite">
          {privacy && (
            <dl className="facts" data-testid="privacy-result">
              {privacy.map((signal) => (
                <div key={signal.name} style={{ display: 'contents' }}>
                  <dt>{signal.name}</dt>
                  <dd>{signal.detected ? 'detected' : 'not detected'}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </section>
      <CheckCard id="sync" title="Sync" buttonLabel="Run the sync test" run={checkSync}>
        Queues an incremental product sync and follows it to the end.{' '}
        {auth.status === 'signed-in'
          ? `Signed in as ${auth.user.email ?? auth.user.uid}.`
          : 'Needs an admin signed in.'}
      </CheckCard>
    </div>
  );
}
