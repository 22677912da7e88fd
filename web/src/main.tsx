import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app';
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
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
