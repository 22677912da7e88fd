import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app';
import { takeOverPrerenderedPage } from './prerender/take-over';
import { createQueryClient } from './lib/query-client';
import './styles/global.css';

const root = document.getElementById('root')!;

/**
 * Says the page is the SPA's from here on (its first commit: hydrated or rendered): links navigate
 * in place and buttons work. Browser tests and monitoring read it instead of React's private fields.
 */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    root.dataset.hydrated = 'true';
  }, []);
  return children;
}

// A page rendered at build time is hydrated with the data it was rendered with, so it neither
// flashes nor shifts; any other page (or a pre-rendered one at another address) renders afresh.
const prerendered = await takeOverPrerenderedPage(root);
if (prerendered) {
  const queryClient = createQueryClient();
  hydrate(queryClient, prerendered.queries);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (hundreds of milliseconds on a phone), so input stays responsive.
  // The page is on screen already, so nothing waits for it.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <TakenOver>
          <App queryClient={queryClient} />
        </TakenOver>
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <TakenOver>
        <App />
      </TakenOver>
    </StrictMode>,
  );
}
