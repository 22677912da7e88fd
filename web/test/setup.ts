import '@testing-library/jest-dom/vitest';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Each file runs in a VM context whose globals are jsdom's window (vitest.config.ts): a browser also
// has the Performance Timeline (empty here: no navigation was timed) and web streams, which jsdom
// leaves out.
if (typeof performance.getEntriesByType !== 'function') {
  Object.defineProperty(performance, 'getEntriesByType', { value: () => [], configurable: true, writable: true });
}
if (typeof globalThis.ReadableStream === 'undefined') {
  Object.defineProperty(globalThis, 'ReadableStream', {
    value: NodeReadableStream,
    configurable: true,
    writable: true,
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; Max-Age=0; Path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
