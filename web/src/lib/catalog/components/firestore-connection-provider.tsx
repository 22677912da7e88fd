import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MESSAGES } from '@shop/shared';
import { checkConnection } from '../api/check-connection';

// Connection state of the live catalogue (docs/rules.md#states-and-transitions, "Products provider"): connected by
// default; a failed probe sets not-connected with the reason; clearing the error reconnects.

export interface FirestoreConnectionValue {
  isConnected: boolean;
  connectionError: string | null;
  /** Runs the probe again; resolves true when the backend answered. */
  checkConnection: () => Promise<boolean>;
  clearError: () => void;
}

const FirestoreConnectionContext = createContext<FirestoreConnectionValue | null>(null);

export interface FirestoreConnectionProviderProps {
  children: ReactNode;
  /** The probe; the API readiness check unless a test passes its own. */
  probe?: (signal?: AbortSignal) => Promise<string | null>;
}

export function FirestoreConnectionProvider({ children, probe = checkConnection }: FirestoreConnectionProviderProps) {
  const [connectionError, setConnectionError] = useState<string | null>(null);

  const runProbe = useCallback(async () => {
    const failure = await probe();
    setConnectionError(failure);
    return failure === null;
  }, [probe]);

  useEffect(() => {
    // Once on mount, as the spec says; the page offers a retry through checkConnection.
    const controller = new AbortController();
    probe(controller.signal)
      .then((failure) => {
        if (!controller.signal.aborted) setConnectionError(failure);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [probe]);

  const value = useMemo<FirestoreConnectionValue>(
    () => ({
      isConnected: connectionError === null,
      connectionError,
      checkConnection: () => runProbe(),
      clearError: () => setConnectionError(null),
    }),
    [connectionError, runProbe],
  );
  return <FirestoreConnectionContext.Provider value={value}>{children}</FirestoreConnectionContext.Provider>;
}

export function useFirestoreConnection(): FirestoreConnectionValue {
  const value = useContext(FirestoreConnectionContext);
  if (!value) throw new Error(MESSAGES.useConnectionOutsideProvider);
  return value;
}
