import { MESSAGES } from '@shop/shared';
import { reloadPage } from '../../lib/reload-page';

export function ChunkErrorScreen({ chunk }: { chunk: string }) {
  return (
    <section className="status-screen" role="alert" aria-labelledby="chunk-error-title">
      <h1 id="chunk-error-title">{MESSAGES.chunkLoadFailed(chunk)}</h1>
      <p>Part of this page could not be downloaded. Check your connection, then reload to try again.</p>
      <div className="status-screen__actions">
        <button type="button" className="button button--primary" onClick={reloadPage}>
          Reload
        </button>
      </div>
    </section>
  );
}
