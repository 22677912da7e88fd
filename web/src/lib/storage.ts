// Web storage that never throws: a browser that blocks site data throws SecurityError on access,
// and the site must keep working (without persistence) in that case. Local storage unless
// `area` says 'session' (kept for the tab only).

export type StorageArea = 'local' | 'session';

function storage(area: StorageArea): Storage | null {
  try {
    return area === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string, area: StorageArea = 'local'): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored (blocked or full). */
export function writeStorage(key: string, value: string, area: StorageArea = 'local'): boolean {
  try {
    const s = storage(area);
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(key: string, area: StorageArea = 'local'): void {
  try {
    storage(area)?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
