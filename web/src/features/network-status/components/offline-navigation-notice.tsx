import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { MESSAGES } from '@shop/shared';
import { NEEDS_CONNECTION } from '../../../lib/chunk-loader';
import '../../../components/ui/notice-card.css';
import './offline-navigation-notice.css';

// What an offline tap on a link shows. The page's code waits for the connection and the step
// resumes by itself once it returns (lib/chunk-loader.ts); until then the shopper is told why
// nothing opens, instead of a thin progress line only. Loaded after the page has hydrated (with
// page-change-effects.tsx), so it is in the browser before the connection drops and costs the
// first script nothing.

/** A neutral square for a picture that could not arrive: a data URI, so it shows offline too. */
export const MISSING_PICTURE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Crect width='40' height='40' fill='%23f3ece4'/%3E%3Cpath d='M13 26l5-6 4 4 3-3 4 5z' fill='%23d8c8b8'/%3E%3Ccircle cx='24' cy='16' r='2' fill='%23d8c8b8'/%3E%3C/svg%3E";

/**
 * A picture that failed to load while offline takes the neutral square instead of the browser's
 * broken-image icon; it is asked for again when the connection returns.
 */
function usePictureFallback() {
  useEffect(() => {
    const missing = new Map<HTMLImageElement, string>();
    const onError = (event: Event) => {
      const img = event.target;
      if (!(img instanceof HTMLImageElement) || missing.has(img) || img.src === MISSING_PICTURE) return;
      if (navigator.onLine !== false) return;
      missing.set(img, img.getAttribute('src') ?? '');
      img.dataset.pictureMissing = '';
      img.src = MISSING_PICTURE;
    };
    const onOnline = () => {
      for (const [img, src] of missing) {
        delete img.dataset.pictureMissing;
        img.src = src;
      }
      missing.clear();
    };
    document.addEventListener('error', onError, true);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('error', onError, true);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}

export function OfflineNavigationNotice() {
  const [waiting, setWaiting] = useState(false);
  const navigation = useNavigation();
  usePictureFallback();

  useEffect(() => {
    const onNeedsConnection = () => setWaiting(true);
    const onOnline = () => setWaiting(false);
    window.addEventListener(NEEDS_CONNECTION, onNeedsConnection);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener(NEEDS_CONNECTION, onNeedsConnection);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  // Only while a step is under way: one that ended (or another replaced it) waits for nothing.
  const shown = waiting && navigation.state !== 'idle';

  return (
    <div className="offline-navigation" role="status" data-testid="offline-navigation">
      {shown && <p className="offline-navigation__card notice-card">{MESSAGES.offlineNavigation}</p>}
    </div>
  );
}
