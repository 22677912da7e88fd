import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export type NetworkStatus = 'online' | 'offline' | 'slow';

/**
 * The speed test runs only once the page has loaded, so its code is fetched then rather than with
 * the first script. Code that does not arrive counts as a failed test: online.
 */
function classifyOnceLoaded(): Promise<'online' | 'slow'> {
  return import('./speed-test').then(
    ({ classifyConnection }) => classifyConnection(),
    (e: unknown) => {
      console.warn(`Connection speed test failed, treating the connection as online: ${(e as Error).message}`);
      return 'online';
    },
  );
}

const NetworkStatusContext = createContext<NetworkStatus>('online');

export interface NetworkStatusProviderProps {
  children: ReactNode;
  /** The speed test; replaced in tests. */
  classify?: () => Promise<'online' | 'slow'>;
}

/** Follows the browser's online/offline events; after going online (and at load) runs the speed test. */
export function NetworkStatusProvider({ children, classify = classifyOnceLoaded }: NetworkStatusProviderProps) {
  const [status, setStatus] = useState<NetworkStatus>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online',
  );

  useEffect(() => {
    let run = 0;
    const testSpeed = () => {
      const current = ++run;
      void classify().then((result) => {
        // A result that arrives after a newer event (went offline meanwhile) is stale.
        if (current === run && navigator.onLine !== false) setStatus(result);
      });
    };
    const onOnline = () => {
      console.info('Network connection restored.');
      setStatus('online');
      testSpeed();
    };
    const onOffline = () => {
      console.warn('Network connection lost: showing what is already loaded until it returns.');
      run++;
      setStatus('offline');
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    // The test's download waits for the page's own: started during loading it would compete with
    // the page's scripts and images and delay its first paint on exactly the slow links it detects.
    const testAtLoad = () => {
      if (navigator.onLine !== false) testSpeed();
    };
    if (document.readyState === 'complete') testAtLoad();
    else window.addEventListener('load', testAtLoad, { once: true });
    return () => {
      run++;
      window.removeEventListener('load', testAtLoad);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [classify]);

  return <NetworkStatusContext.Provider value={status}>{children}</NetworkStatusContext.Provider>;
}

export function useNetworkStatus(): NetworkStatus {
  return useContext(NetworkStatusContext);
}
