import { useEffect, useRef, useState } from 'react';
import { openProductsStream, PRODUCTS_STREAM_URL, parseSnapshot } from '../../../lib/catalog/live/products-stream';
import type { RecoveringStream } from '../../../lib/catalog/live/recovering-stream';
import { EventLog, useEventLog } from './event-log';
import '../dev-tools.css';

// /firestore-test: the live product stream through a standard listener (the browser's own
// EventSource) beside the recovering listener (the spec's retry rules), and a network error
// simulated on both: the connection is really dropped, and only the recovering one comes back.

function describe(data: string): string {
  try {
    return `snapshot with ${parseSnapshot(data).length} products`;
  } catch (e) {
    return `unreadable snapshot: ${(e as Error).message}`;
  }
}

export function FirestoreTestPage() {
  const standard = useEventLog();
  const recovering = useEventLog();
  const [running, setRunning] = useState(false);
  const standardSource = useRef<EventSource | null>(null);
  const recoveringStream = useRef<RecoveringStream | null>(null);

  const stop = () => {
    standardSource.current?.close();
    standardSource.current = null;
    recoveringStream.current?.close();
    recoveringStream.current = null;
    setRunning(false);
  };

  useEffect(
    () => () => {
      standardSource.current?.close();
      recoveringStream.current?.close();
    },
    [],
  );

  const start = () => {
    stop();
    setRunning(true);
    const source = new EventSource(PRODUCTS_STREAM_URL);
    standardSource.current = source;
    standard.log('connecting');
    source.addEventListener('open', () => standard.log('open'));
    source.addEventListener('snapshot', (e) => standard.log(describe((e as MessageEvent<string>).data)));
    source.addEventListener('error', () =>
      standard.log(
        source.readyState === EventSource.CLOSED
          ? 'error: closed for good'
          : 'error: the browser retries on its own schedule',
      ),
    );

    recovering.log('connecting');
    recoveringStream.current = openProductsStream({
      onOpen: () => recovering.log('open'),
      onData: (products) => recovering.log(`snapshot with ${products.length} products`),
      // A reopened stream that still holds the current catalogue is told so instead of sent it again.
      onUnchanged: (products) =>
        recovering.log(`snapshot with ${products?.length ?? 0} products (unchanged, not downloaded again)`),
      onError: (e) => recovering.log(`error: ${e.message}`),
      onRetry: ({ attempt, delayMs, reason }) =>
        recovering.log(`${reason}; reconnecting in ${delayMs} ms (attempt ${attempt})`),
      onRetriesExhausted: (last, e) => recovering.log(`${e.message}; keeping the last ${last?.length ?? 0} products`),
    });
  };

  const simulateNetworkError = () => {
    if (standardSource.current) {
      standardSource.current.close();
      standardSource.current = null;
      standard.log('network error simulated: connection closed, and a standard listener does not reopen it');
    }
    recoveringStream.current?.interrupt();
  };

  return (
    <div className="container page dev-page">
      <div className="dev-actions">
        <button type="button" className="button button--primary button--small" onClick={start}>
          {running ? 'Restart both listeners' : 'Start both listeners'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={simulateNetworkError}
          disabled={!running}
        >
          Simulate network error
        </button>
        <button type="button" className="button button--ghost button--small" onClick={stop} disabled={!running}>
          Stop
        </button>
      </div>
      <div className="page dev-page page-columns">
        <section className="card" aria-labelledby="standard-title">
          <h2 id="standard-title">Standard listener</h2>
          <EventLog entries={standard.entries} label="Standard listener events" testId="standard-log" />
        </section>
        <section className="card" aria-labelledby="recovering-title">
          <h2 id="recovering-title">Recovering listener</h2>
          <p>Reconnects after 1 s, growing by 1.5 times up to 30 s, for at most 5 attempts.</p>
          <EventLog entries={recovering.entries} label="Recovering listener events" testId="recovering-log" />
        </section>
      </div>
    </div>
  );
}
