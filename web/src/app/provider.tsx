import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CrashBoundary } from '../components/errors/crash-boundary';
import { NetworkStatusProvider } from '../features/network-status/network-status-provider';
import { createQueryClient } from '../lib/query-client';

/** `queryClient`: one already holding data (a pre-rendered page's); otherwise a new one. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <CrashBoundary>
      <QueryClientProvider client={queryClient}>
        <NetworkStatusProvider>{children}</NetworkStatusProvider>
      </QueryClientProvider>
    </CrashBoundary>
  );
}
