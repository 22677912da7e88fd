import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { isChunkLoadError } from '../../lib/chunk-loader';
import { ChunkErrorScreen } from './chunk-error-screen';
import { reloadPage } from '../../lib/reload-page';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** The router's error screen: a route chunk that failed to load, or anything a route threw. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkErrorScreen chunk={error.chunk} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="status-screen" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{MESSAGES.routerError}</h1>
      <p className="status-screen__detail">{describe(error)}</p>
      <div className="status-screen__actions">
        <button type="button" className="button button--primary" onClick={reloadPage}>
          {MESSAGES.crashReload}
        </button>
      </div>
    </section>
  );
}
