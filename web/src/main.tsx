import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app';
import { markPageHydrated } from './hooks/use-hydrated';
import { takeOverPrerenderedPage } from './prerender/take-over';
import { createQueryClient } from './lib/query-client';
import './styles/global.css';

const root = document.getElementById('root')!;
// A page rendered at build time is hydrated with the data it was rendered with, so it neither
// flashes nor shifts; any other page (or a pre-rendered one at another address) renders afresh.
const prerendered = await takeOverPrerenderedPage(root);
if (prerendered) {
  const queryClient = createQueryClient();
  hydrate(queryClient, prerendered.queries);
  // Preact hydrates in one synchronous pass (its whole runtime is a few kilobytes, so the pass is
  // short); from here on, components read the browser's state as they mount.
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  markPageHydrated();
} else {
  markPageHydrated();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
// Says the page is the SPA's from here on: links navigate in place and buttons work. Browser tests
// and monitoring read it instead of a renderer's private fields.
root.dataset.hydrated = 'true';
