import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { LiveCatalogProvider } from '../../src/lib/catalog/components/live-catalog-provider';
import { ProductDetailPage } from '../../src/features/store/components/product-detail-page';
import { ProductListPage, StorePage } from '../../src/features/store/components/store-page';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { MUG, SHIRT, json, stubFetch } from '../cart/stubs';
import { createEventSourceStub, EventSourceStub } from './event-source-stub';

// The web's one catalogue: every view reads the same cache entry, which the live stream fills
// and patches. These tests count what goes over the wire and watch every view follow a change.

afterEach(() => EventSourceStub.reset());

function stubApi() {
  return stubFetch(({ path }) => {
    if (path === '/api/health/ready') return json(200, { status: 'ready', checks: {} });
    if (path === '/api/cart') return json(200, { cartItems: [], totalItems: 0, totalPrice: 0 });
    return undefined;
  });
}

function renderViews(views: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const cart = new CartStore({
    api: httpCartApi,
    identity: { ready: async () => undefined, owner: () => 'guest-cache' },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartStoreProvider store={cart}>{views}</CartStoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const catalogueRequests = (requests: { path: string }[]) =>
  requests.filter((r) => r.path.startsWith('/api/products') || r.path.startsWith('/api/printful'));

describe('one catalogue cache', () => {
  test('a stream event updates the store grid, the product list and an open product page together', async () => {
    stubApi();
    renderViews(
      <LiveCatalogProvider createEventSource={createEventSourceStub}>
        <div data-testid="store">
          <StorePage />
        </div>
        <div data-testid="list">
          <ProductListPage />
        </div>
        <div data-testid="detail">
          <ProductDetailPage productId={SHIRT.id} backTo={{ path: '/store', label: 'Back' }} />
        </div>
      </LiveCatalogProvider>,
    );
    await waitFor(() => expect(EventSourceStub.instances).toHaveLength(1));
    act(() => EventSourceStub.latest().emit('snapshot', { products: [SHIRT, MUG] }));
    const titles = (id: string) =>
      within(screen.getByTestId(id))
        .queryAllByTestId('product-card')
        .map((c) => c.querySelector('h3')?.textContent);
    await waitFor(() => expect(titles('store')).toEqual([MUG.title, SHIRT.title]));
    expect(titles('list')).toEqual([MUG.title, SHIRT.title]);
    expect(within(screen.getByTestId('detail')).getByRole('heading', { level: 1 })).toHaveTextContent(SHIRT.title);

    const renamed = { ...SHIRT, title: 'Studio Shirt, second edition', updatedAt: '2025-02-01T00:00:00.000Z' };
    act(() => EventSourceStub.latest().emit('snapshot', { products: [renamed, MUG] }));
    await waitFor(() => expect(titles('store')).toEqual([renamed.title, MUG.title]));
    expect(titles('list')).toEqual([renamed.title, MUG.title]);
    expect(within(screen.getByTestId('detail')).getByRole('heading', { level: 1 })).toHaveTextContent(renamed.title);
  });

  test('a store page downloads the catalogue once: one stream, no list or print-partner fetch', async () => {
    const { requests } = stubApi();
    renderViews(
      <LiveCatalogProvider createEventSource={createEventSourceStub}>
        <Routes>
          <Route path="*" element={<StorePage />} />
        </Routes>
      </LiveCatalogProvider>,
    );
    await waitFor(() => expect(EventSourceStub.instances).toHaveLength(1));
    act(() => EventSourceStub.latest().emit('snapshot', { products: [SHIRT, MUG] }));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    expect(EventSourceStub.instances).toHaveLength(1);
    expect(catalogueRequests(requests)).toEqual([]);
  });

  test('without a live stream the catalogue is read over HTTP exactly once, whatever reads it', async () => {
    const { requests } = stubFetch(({ path }) => {
      if (path === '/api/health/ready') return json(200, { status: 'ready', checks: {} });
      if (path === '/api/products') return json(200, { products: [SHIRT, MUG], nextCursor: null });
      if (path === '/api/cart') return json(200, { cartItems: [], totalItems: 0, totalPrice: 0 });
      return undefined;
    });
    const refused = (url: string) => {
      const source = createEventSourceStub(url);
      queueMicrotask(() => (source as unknown as EventSourceStub).fail());
      return source;
    };
    renderViews(
      <LiveCatalogProvider createEventSource={refused}>
        <StorePage />
        <ProductListPage />
        <ProductDetailPage productId={MUG.id} backTo={{ path: '/store', label: 'Back' }} />
      </LiveCatalogProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MUG.title);
    expect(catalogueRequests(requests).map((r) => r.path)).toEqual(['/api/products']);
  });
});

describe('the product list in the spec words', () => {
  test('an empty catalogue shows "No Printful products found in Firestore" and no products', async () => {
    stubApi();
    renderViews(
      <LiveCatalogProvider createEventSource={createEventSourceStub}>
        <ProductListPage />
      </LiveCatalogProvider>,
    );
    await waitFor(() => expect(EventSourceStub.instances).toHaveLength(1));
    act(() => EventSourceStub.latest().emit('snapshot', { products: [] }));
    await waitFor(() =>
      expect(screen.getByTestId('empty-catalogue')).toHaveTextContent('No Printful products found in Firestore'),
    );
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });
});
