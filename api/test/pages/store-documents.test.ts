import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_SEARCHED_DOCUMENTS, StoreDocuments, type StoreRenderer } from '../../src/services/pages/store-renderer.js';

// /store?q= is rendered by the server (the header's search form lands there before the app runs).
// Any query string is a document of its own, so a flood of distinct searches must not grow memory:
// past MAX_SEARCHED_DOCUMENTS a catalogue version, the app renders the search itself.

function documents() {
  const rendered: string[] = [];
  const renderer: StoreRenderer = {
    render: async (pathname) => {
      rendered.push(pathname);
      return `<html>${pathname}</html>`;
    },
  };
  // Only a failed render logs, and none fails here.
  const log = { error: () => undefined } as unknown as FastifyBaseLogger;
  return { store: new StoreDocuments(renderer, log), rendered };
}

const data = () => ({ products: [] });

describe('searched store documents', () => {
  it('renders each search once per catalogue version, and at most MAX_SEARCHED_DOCUMENTS of them', async () => {
    const { store, rendered } = documents();
    for (let i = 0; i < MAX_SEARCHED_DOCUMENTS; i += 1)
      expect(await store.get(1, `/store?q=${i}`, `/store?q=${i}`, data, { searched: true })).toBe(
        `<html>/store?q=${i}</html>`,
      );
    // Asked again: the kept document, not a new render.
    expect(await store.get(1, '/store?q=0', '/store?q=0', data, { searched: true })).toBe('<html>/store?q=0</html>');
    expect(rendered).toHaveLength(MAX_SEARCHED_DOCUMENTS);
    // One more search: left to the app. The store page itself and product pages are not counted.
    expect(await store.get(1, '/store?q=new', '/store?q=new', data, { searched: true })).toBeUndefined();
    expect(await store.get(1, '/store', '/store', data)).toBe('<html>/store</html>');
    // A new catalogue version starts afresh.
    expect(await store.get(2, '/store?q=new', '/store?q=new', data, { searched: true })).toBe(
      '<html>/store?q=new</html>',
    );
  });
});
