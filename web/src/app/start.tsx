import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '.';
import { takeOverPrerenderedPage } from '../prerender/take-over';
import { createQueryClient } from '../lib/query-client';
import { whenPageSettled } from '../lib/when-page-settled';

/**
 * Puts the app on the page. Kept out of the entry module (web/src/main.tsx) so that its code
 * travels in the compressed app shell rather than in the entry file, which is under the size the
 * build compresses (docs/rules.md#bytes-and-budgets) and would be sent as is.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  // A page rendered at build time is hydrated with the data it was rendered with, so it neither
  // flashes nor shifts; any other page (or a pre-rendered one at another address) renders afresh.
  const prerendered = await takeOverPrerenderedPage(root);
  if (prerendered) {
    const queryClient = createQueryClient();
    // The cache as the build rendered the page (TanStack Query's dehydrated form): each answered
    // query's data, as fresh as when it was rendered. Read with setQueryData rather than the
    // library's hydrate(), whose general case (mutations, pending queries) would add a kilobyte to
    // every page's first script (docs/rules.md#bytes-and-budgets); the build dehydrates answers only.
    for (const query of prerendered.queries.queries)
      if (query.state.status === 'success')
        queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (hundreds of milliseconds on a phone), so input stays responsive.
    // The page is on screen already, so nothing waits for it.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} takingOver />
        </StrictMode>,
      );
    });
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }

  // What real shoppers' browsers measure (LCP, INP, CLS), for the admin's metrics. Loaded apart, once
  // the page has settled: it names pages by the whole route table, which the first script need not carry.
  const firstPath = window.location.pathname;
  whenPageSettled(() => {
    void import('../lib/field-vitals')
      .then(({ reportWebVitals }) => reportWebVitals(firstPath))
      // Field figures are not worth an error: a chunk that did not arrive reports nothing.
      .catch(() => undefined);
  });
}
