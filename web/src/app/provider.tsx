import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CrashBoundary } from '../components/errors/crash-boundary';
import { NetworkStatusProvider } from '../features/network-status/network-status-provider';
import { createQueryClient } from '../lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <CrashBoundary>
      <QueryClientProvider client={queryClient}>
        <NetworkStatusProvider>{children}</NetworkStatusProvider>
      </QueryClientProvider>
    </CrashBoundary>
  );
}
