import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { FALLBACK_PRODUCTS, type StorefrontProduct } from '@shop/shared/domain/product';
import {
  FirestoreConnectionProvider,
  useFirestoreConnection,
} from '../../src/lib/catalog/components/firestore-connection-provider';
import { LiveCatalogProvider } from '../../src/lib/catalog/components/live-catalog-provider';
import { ProductsProvider, useProducts } from '../../src/lib/catalog/components/products-provider';
import { openRecoveringStream, retryDelay } from '../../src/lib/catalog/live/recovering-stream';
import { openProductsStream, parseSnapshot } from '../../src/lib/catalog/live/products-stream';
import { CATALOGUE_QUERY_KEY } from '../../src/lib/catalog/catalogue-query';
import { StorePage } from '../../src/features/store/components/store-page';
import { MUG, SHIRT, errorResponse, json, stubFetch } from '../cart/stubs';
import { createEventSourceStub, EventSourceStub } from './event-source-stub';

afterEach(() => EventSourceStub.reset());

function withQueryClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('hooks outside their providers', () => {
  test('useProducts throws the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useProducts())).toThrow('useProducts must be used within a ProductsProvider');
  });

  test('useFirestoreConnection throws the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useFirestoreConnection())).toThrow(MESSAGES.useConnectionOutsideProvider);
  });
});

describe('recovering listener', () => {
  test('reconnects with 1000 ms x1.5 delays, then after 5 attempts hands over the last good data and the failure', async () => {
    vi.useFakeTimers();
    const data = vi.fn();
    const exhausted = vi.fn();
    openRecoveringStream({
      url: '/api/products/stream',
      event: 'snapshot',
      parse: parseSnapshot,
      onData: data,
      onError: vi.fn(),
      onRetriesExhausted: exhausted,
      createEventSource: createEventSourceStub,
    });
    EventSourceStub.latest().open();
    EventSourceStub.latest().emit('snapshot', { products: [SHIRT] });
    expect(data).toHaveBeenLastCalledWith([SHIRT]);

    const delays = [1000, 1500, 2250, 3375, 5062.5];
    for (const delay of delays) {
      const before = EventSourceStub.instances.length;
      EventSourceStub.latest().fail();
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(EventSourceStub.instances).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(EventSourceStub.instances).toHaveLength(before + 1);
    }
    expect(exhausted).not.toHaveBeenCalled();
    EventSourceStub.latest().fail();
    expect(exhausted).toHaveBeenCalledTimes(1);
    const [lastGood, error] = exhausted.mock.calls[0];
    expect(lastGood).toEqual([SHIRT]);
    expect((error as Error).message).toMatch(/^Failed to reconnect to Firestore after 5 attempts: /);
    expect(retryDelay(20)).toBe(30_000);
  });

  test('a reconnect names the snapshot it holds, and an `unchanged` answer keeps the list without a download', async () => {
    vi.useFakeTimers();
    const data = vi.fn();
    openProductsStream({ onData: data, onError: vi.fn(), onRetriesExhausted: vi.fn() }, createEventSourceStub);
    expect(EventSourceStub.latest().url).toBe('/api/products/stream?currency=USD');
    EventSourceStub.latest().open();
    EventSourceStub.latest().emit('snapshot', { products: [SHIRT] }, '"v1"');
    EventSourceStub.latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(EventSourceStub.latest().url).toBe(
      `/api/products/stream?currency=USD&version=${encodeURIComponent('"v1"')}`,
    );
    EventSourceStub.latest().open();
    EventSourceStub.latest().emit('unchanged', {}, '"v1"');
    expect(data).toHaveBeenCalledTimes(1);
    expect(data).toHaveBeenLastCalledWith([SHIRT], '"v1"');
  });

  test('an `unchanged` answer after a reconnect tells the listener which list it still holds', async () => {
    vi.useFakeTimers();
    const unchanged = vi.fn();
    openProductsStream(
      { onData: vi.fn(), onUnchanged: unchanged, onError: vi.fn(), onRetriesExhausted: vi.fn() },
      createEventSourceStub,
    );
    EventSourceStub.latest().open();
    EventSourceStub.latest().emit('snapshot', { products: [SHIRT] }, '"v1"');
    EventSourceStub.latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    EventSourceStub.latest().open();
    EventSourceStub.latest().emit('unchanged', {}, '"v1"');
    expect(unchanged).toHaveBeenCalledWith([SHIRT]);
  });

  test('a snapshot after a reconnect starts the count again', async () => {
    vi.useFakeTimers();
    const exhausted = vi.fn();
    openRecoveringStream({
      url: '/s',
      event: 'snapshot',
      parse: parseSnapshot,
      onData: vi.fn(),
      onError: vi.fn(),
      onRetriesExhausted: exhausted,
      createEventSource: createEventSourceStub,
    });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        EventSourceStub.latest().fail();
        await vi.advanceTimersByTimeAsync(30_000);
      }
      EventSourceStub.latest().emit('snapshot', { products: [] });
    }
    expect(exhausted).not.toHaveBeenCalled();
  });
});

function LiveState() {
  const { products, loading, error } = useProducts();
  return (
    <p data-testid="live">
      {loading ? 'loading' : 'loaded'}|{products.map((p) => p.id).join(',')}|{error ?? ''}
    </p>
  );
}

describe('products provider', () => {
  test('loading lasts until the first snapshot; a routine reconnect is a console warning, not an error on screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(({ path }) => {
      if (path === '/api/health/ready')
        return new Response(JSON.stringify({ status: 'ready', checks: {} }), {
          headers: { 'content-type': 'application/json' },
        });
      return errorResponse(503, 'unavailable', 'not in this test');
    });
    render(
      withQueryClient(
        <FirestoreConnectionProvider>
          <ProductsProvider createEventSource={createEventSourceStub}>
            <LiveState />
          </ProductsProvider>
        </FirestoreConnectionProvider>,
      ),
    );
    expect(screen.getByTestId('live')).toHaveTextContent(/^loading\|\|$/);
    await waitFor(() => expect(EventSourceStub.instances.length).toBeGreaterThan(0));
    act(() => EventSourceStub.latest().emit('snapshot', { products: [SHIRT, MUG] }));
    expect(screen.getByTestId('live')).toHaveTextContent(`loaded|${SHIRT.id},${MUG.id}|`);
    act(() => EventSourceStub.latest().fail());
    expect(screen.getByTestId('live')).toHaveTextContent(`loaded|${SHIRT.id},${MUG.id}|`);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('reconnecting in 1000 ms'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    act(() => EventSourceStub.latest().emit('snapshot', { products: [MUG] }));
    // The query cache tells its readers on its next tick; nothing else on the screen changed.
    await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent(new RegExp(`^loaded\\|${MUG.id}\\|$`)));
  });

  test('a failed connectivity probe stops loading and closes the stream', async () => {
    stubFetch(() => errorResponse(404, 'not-found', 'Route GET /api/health/ready not found'));
    function Connection() {
      const { isConnected, connectionError } = useFirestoreConnection();
      return <p data-testid="connection">{isConnected ? 'connected' : `not connected: ${connectionError}`}</p>;
    }
    render(
      withQueryClient(
        <FirestoreConnectionProvider>
          <Connection />
          <ProductsProvider createEventSource={createEventSourceStub}>
            <LiveState />
          </ProductsProvider>
        </FirestoreConnectionProvider>,
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('connection')).toHaveTextContent(
        'not connected: Route GET /api/health/ready not found',
      ),
    );
    // Loading ends once the HTTP read that stands in for the stream has answered (here: failed).
    await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent(/^loaded\|/));
    // Connected by default, so the stream opened at once; the failed probe closed it for good
    // (in the effect clean-up, which React runs after the text above is on screen).
    await waitFor(() =>
      expect(EventSourceStub.instances.every((source) => source.readyState === EventSourceStub.CLOSED)).toBe(true),
    );
    const opened = EventSourceStub.instances.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(EventSourceStub.instances).toHaveLength(opened);
  });
});

describe('a page that came with the list', () => {
  test('opens its stream naming the list it holds, keeps that list on `unchanged`, and a later stream names the latest snapshot', async () => {
    const requested: string[] = [];
    stubFetch(({ path }) => {
      requested.push(path);
      if (path === '/api/health/ready') return json(200, { status: 'ready', checks: {} });
      return errorResponse(503, 'unavailable', 'not in this test');
    });
    // As a server-rendered page hydrates it: the list, with the stream's id of it.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(CATALOGUE_QUERY_KEY, { products: [SHIRT], error: null, source: 'network', version: '"v1"' });
    const view = (
      <QueryClientProvider client={client}>
        <FirestoreConnectionProvider>
          <ProductsProvider createEventSource={createEventSourceStub}>
            <LiveState />
          </ProductsProvider>
        </FirestoreConnectionProvider>
      </QueryClientProvider>
    );
    const first = render(view);
    await waitFor(() => expect(EventSourceStub.instances.length).toBe(1));
    expect(EventSourceStub.latest().url).toBe(
      `/api/products/stream?currency=USD&version=${encodeURIComponent('"v1"')}`,
    );
    act(() => EventSourceStub.latest().emit('unchanged', {}, '"v1"'));
    expect(screen.getByTestId('live')).toHaveTextContent(`loaded|${SHIRT.id}|`);
    // A change arrives in full and replaces the list, with its own id.
    act(() => EventSourceStub.latest().emit('snapshot', { products: [SHIRT, MUG] }, '"v2"'));
    await waitFor(() => expect(screen.getByTestId('live')).toHaveTextContent(`loaded|${SHIRT.id},${MUG.id}|`));
    // The next page's provider (the same query cache) names the latest list, not the rendered one.
    first.unmount();
    render(view);
    await waitFor(() => expect(EventSourceStub.instances.length).toBe(2));
    expect(EventSourceStub.latest().url).toBe(
      `/api/products/stream?currency=USD&version=${encodeURIComponent('"v2"')}`,
    );
    // The list was never read over HTTP: the stream confirmed it.
    expect(requested.filter((path) => path.startsWith('/api/products'))).toEqual([]);
  });
});

type ProductsValue = ReturnType<typeof useProducts>;

/** Renders the live catalogue around `view`; the answer reads the latest useProducts() value. */
function renderLiveCatalogue(view: (products: ProductsValue) => ReactNode): () => ProductsValue {
  let value: ProductsValue | null = null;
  function Capture() {
    const products = useProducts();
    useEffect(() => {
      value = products;
    });
    return view(products);
  }
  render(
    withQueryClient(
      <LiveCatalogProvider createEventSource={createEventSourceStub}>
        <Capture />
      </LiveCatalogProvider>,
    ),
  );
  return () => value!;
}

/** Waits for the live stream to open, then sends its first snapshot. */
async function emitFirstSnapshot(products: StorefrontProduct[]) {
  await waitFor(() => expect(EventSourceStub.instances.length).toBeGreaterThan(0));
  act(() => EventSourceStub.latest().emit('snapshot', { products }));
}

describe('products provider lookups and refresh', () => {
  test('getProductById answers from the loaded catalogue, else reads once by id, and null when absent', async () => {
    const { requests } = stubFetch(({ path }) => {
      if (path === '/api/health/ready') return json(200, { status: 'ready', checks: {} });
      if (path === `/api/products/${MUG.id}`) return json(200, MUG);
      return errorResponse(404, 'not-found', MESSAGES.productNotFound);
    });
    const current = renderLiveCatalogue((products) => <p data-testid="count">{products.products.length}</p>);
    await emitFirstSnapshot([SHIRT]);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    const before = requests.length;
    expect(await current().getProductById(SHIRT.id)).toEqual(SHIRT);
    expect(requests).toHaveLength(before);
    expect(await current().getProductById(MUG.id)).toEqual(MUG);
    expect(await current().getProductById('missing')).toBeNull();
  });

  test('refresh re-reads the catalogue over HTTP and leaves the live stream open', async () => {
    const { requests } = stubFetch(({ path }) => {
      if (path === '/api/health/ready') return json(200, { status: 'ready', checks: {} });
      if (path === '/api/products') return json(200, { products: [MUG], nextCursor: null });
      return undefined;
    });
    const current = renderLiveCatalogue((products) => (
      <p data-testid="ids">{products.products.map((p) => p.id).join()}</p>
    ));
    await emitFirstSnapshot([SHIRT]);
    await waitFor(() => expect(screen.getByTestId('ids')).toHaveTextContent(SHIRT.id));
    const streams = EventSourceStub.instances.length;
    await act(() => current().refresh());
    expect(requests.filter((r) => r.path === '/api/products')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('ids')).toHaveTextContent(MUG.id));
    expect(EventSourceStub.instances).toHaveLength(streams);
    expect(EventSourceStub.latest().readyState).not.toBe(EventSourceStub.CLOSED);
  });
});

describe('store page', () => {
  test('with the API down it shows the error and the three built-in products', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('EventSource', EventSourceStub);
    render(
      withQueryClient(
        <MemoryRouter>
          <LiveCatalogProvider createEventSource={createEventSourceStub}>
            <StorePage />
          </LiveCatalogProvider>
        </MemoryRouter>,
      ),
    );
    await waitFor(
      () => expect(screen.getByTestId('store-error')).toHaveTextContent('Firestore error: Failed to fetch'),
      { timeout: 8000 },
    );
    const titles = screen.getAllByTestId('product-card').map((card) => card.querySelector('h3')?.textContent);
    expect(titles.sort()).toEqual(FALLBACK_PRODUCTS.map((p) => p.title).sort());
  }, 15_000);
});
