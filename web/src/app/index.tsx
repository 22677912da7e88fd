import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** `takingOver`: the document holds the server's render of this address, which the app hydrates. */
export function App({ queryClient, takingOver = false }: { queryClient?: QueryClient; takingOver?: boolean }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter takingOver={takingOver} />
    </AppProvider>
  );
}
