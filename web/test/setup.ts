import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { Component } from 'react';
import { Component as PreactComponent } from 'preact/compat';
import { afterEach, vi } from 'vitest';

// The shipped build runs the components on Preact (web/vite.config.ts); tests that rendered with
// React would pass for a renderer nobody uses.
if (Component !== PreactComponent)
  throw new Error('The web tests must render with preact/compat: check the aliases in vitest.config.ts');

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
