import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CART_LINE_QUANTITY_MAX, CART_MAX_LINES, MESSAGES, STORAGE_KEYS } from '@shop/shared';
import { buildCartItem } from '@shop/shared/domain/cart';
import { setAuthTokenGetter } from '../../src/lib/api-client';
import { httpCartApi } from '../../src/lib/cart/cart-api';
import { CartPage } from '../../src/features/cart/components/cart-page';
import { CartStore } from '../../src/lib/cart/cart-store';
import { CartStoreProvider } from '../../src/lib/cart/use-cart';
import { CartStateStore } from '../../src/lib/cart/cart-state-store';
import { SiteHeader } from '../../src/components/layouts/site-header';
import { MUG, SHIRT, json, stubCartServer } from './stubs';

const guest = { ready: async () => undefined, owner: () => 'guest-owner' };
const created: CartStore[] = [];
function newStore() {
  const store = new CartStore({ api: httpCartApi, identity: guest });
  created.push(store);
  return store;
}

// Saves still waiting when a test ends go to that test's stub, not to the next test.
afterEach(async () => {
  await Promise.all(created.splice(0).map((store) => store.flush()));
});

describe('cart state', () => {
  test('adding the same product, size and colour raises the quantity; another colour is a new line', () => {
    stubCartServer();
    const cart = newStore();
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 2 });
    cart.addItem(SHIRT, { size: 'S', color: 'White', quantity: 1 });
    const { items } = cart.getState();
    expect(items.map((l) => [l.size, l.color, l.quantity])).toEqual([
      ['S', 'Black', 3],
      ['S', 'White', 1],
    ]);
  });

  test('totals follow every change, and a quantity of zero removes the line', () => {
    stubCartServer();
    const cart = newStore();
    cart.addItem(SHIRT, { size: 'M', color: 'Black', quantity: 2 });
    cart.addItem(MUG, { quantity: 3 });
    expect(cart.getState()).toMatchObject({ itemCount: 2, totalItems: 5, totalPrice: 89.5 });
    const mug = cart.getState().items.find((l) => l.productId === MUG.id)!;
    cart.setQuantity(mug.id, 0);
    expect(cart.getState()).toMatchObject({ itemCount: 1, totalItems: 2, totalPrice: 52 });
    expect(cart.getState().items.some((l) => l.productId === MUG.id)).toBe(false);
  });

  test('invalid adds set the cart error with the spec message and throw it', () => {
    stubCartServer();
    const cart = newStore();
    expect(() => cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 11 })).toThrow(MESSAGES.quantityRange);
    expect(cart.getState().error).toBe(MESSAGES.quantityRange);
    expect(() => cart.addItem({ title: 'No id' }, { quantity: 1 })).toThrow(MESSAGES.invalidProductData);
    expect(() => cart.addItem(SHIRT, { size: 'XL', color: 'Black', quantity: 1 })).toThrow(
      MESSAGES.noValidVariant('XL', 'Black'),
    );
    expect(cart.getState().items).toEqual([]);
  });

  test('changes within 500 ms go to the server as one request carrying intent, not prices', async () => {
    vi.useFakeTimers();
    const server = stubCartServer();
    const cart = newStore();
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    await vi.advanceTimersByTimeAsync(300);
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    await vi.advanceTimersByTimeAsync(300);
    const line = cart.getState().items[0];
    cart.setQuantity(line.id, 4);
    await vi.advanceTimersByTimeAsync(499);
    expect(server.writes()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await cart.flush();
    expect(server.writes()).toHaveLength(1);
    expect(server.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/cart/items',
      body: { productId: SHIRT.id, size: 'S', color: 'Black', quantity: 4 },
    });
    expect(server.writes()[0].body).not.toHaveProperty('price');
  });

  test("the server's answer replaces the local cart, server prices and line ids included", async () => {
    const server = stubCartServer([{ ...SHIRT, variants: SHIRT.variants.map((v) => ({ ...v, price: 30 })) }]);
    const cart = newStore();
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 2 });
    expect(cart.getState().totalPrice).toBe(50);
    await cart.flush();
    expect(cart.getState().totalPrice).toBe(60);
    expect(cart.getState().items.map((l) => l.id)).toEqual(server.items().map((l) => l.id));
  });

  test('the cart is kept in local storage, so a new page shows it at once and the header badge counts it', async () => {
    stubCartServer();
    const first = newStore();
    first.addItem(MUG, { quantity: 2 });
    first.addItem(SHIRT, { size: 'S', color: 'White', quantity: 1 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!)).toMatchObject({ totalItems: 3 });
    const reloaded = newStore();
    expect(reloaded.getState()).toMatchObject({ totalItems: 3, itemCount: 2 });
    renderHeader(reloaded);
    expect(badge()).toHaveTextContent('3');
  });

  test('a cart the server emptied (after a payment) is emptied on the page and in the header badge', async () => {
    const server = stubCartServer();
    const cart = newStore();
    cart.addItem(MUG, { quantity: 2 });
    await cart.flush();
    renderHeader(cart);
    expect(badge()).toHaveTextContent('2');
    server.fetchStub.mockImplementationOnce(async () =>
      json(200, {
        cartItems: [],
        itemCount: 0,
        totalItems: 0,
        totalPrice: 0,
        updatedAt: '2025-01-01T00:00:00.000Z',
        version: 2,
        sessionId: 'guest-stub',
      }),
    );
    await act(() => cart.load());
    expect(cart.getState().items).toEqual([]);
    expect(badge()).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!)).toMatchObject({ totalItems: 0 });
  });

  test('unsaved changes survive a reload and are sent, not replaced by the older server cart', async () => {
    const server = stubCartServer();
    const first = newStore();
    first.addItem(MUG, { quantity: 2 }); // page closed before the 500 ms passed
    const reloaded = newStore();
    await reloaded.start();
    await reloaded.flush();
    expect(server.items().map((l) => [l.productId, l.quantity])).toEqual([[MUG.id, 2]]);
    expect(reloaded.getState().totalItems).toBe(2);
  });
});

function renderHeader(cart: CartStore) {
  return render(
    <MemoryRouter>
      <CartStoreProvider store={cart}>
        <SiteHeader />
      </CartStoreProvider>
    </MemoryRouter>,
  );
}

const badge = () => screen.queryByTestId('cart-count');

function renderCartPage(cart: CartStore) {
  // The page's shipping estimate asks the API through the query cache, as in the app.
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CartStoreProvider store={cart}>
          <CartPage />
        </CartStoreProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('cart sync failures', () => {
  test("a failed sync shows 'Failed to sync cart' on the cart page", async () => {
    const server = stubCartServer();
    const cart = newStore();
    renderCartPage(cart);
    await waitFor(() => expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument());
    server.state.fail = { status: 503, code: 'unavailable' };
    act(() => cart.addItem(MUG, { quantity: 1 }));
    await act(() => cart.flush());
    expect(screen.getByTestId('cart-error')).toHaveTextContent(MESSAGES.cartSyncFailed);
  });

  test('once the connection returns, a failed sync recovers by itself: the change is saved and the error goes', async () => {
    const server = stubCartServer();
    const cart = newStore();
    renderCartPage(cart);
    await waitFor(() => expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument());
    // Offline: the add is kept on the page, the save fails, and so does opening the cart again.
    server.state.fail = { status: 503, code: 'unavailable' };
    act(() => cart.addItem(MUG, { quantity: 1 }));
    await act(() => cart.flush());
    await act(() => cart.load());
    expect(screen.getByTestId('cart-error')).toHaveTextContent(MESSAGES.cartSyncFailed);
    // Back online: nothing to reload, the cart says nothing is wrong and the server has the line.
    server.state.fail = null;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('cart-error')).not.toBeInTheDocument());
    await act(() => cart.flush());
    const saved = (await (await fetch('/api/cart')).json()) as { cartItems: Array<{ productId: string }> };
    expect(saved.cartItems.map((line) => line.productId)).toEqual([MUG.id]);
  });

  test('offline, a change is said to be saved and to sync later, not that the sync failed', async () => {
    const server = stubCartServer();
    const cart = newStore();
    renderCartPage(cart);
    await waitFor(() => expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument());
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      server.state.fail = { status: 503, code: 'unavailable' };
      act(() => cart.addItem(MUG, { quantity: 1 }));
      await act(() => cart.flush());
      expect(screen.queryByTestId('cart-error')).not.toBeInTheDocument();
      expect(screen.getByTestId('cart-saved-offline')).toHaveTextContent(MESSAGES.cartSavedOffline);
    } finally {
      online.mockRestore();
    }
  });

  test('a permission-denied sync stays silent', async () => {
    const server = stubCartServer();
    const cart = newStore();
    renderCartPage(cart);
    await waitFor(() => expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument());
    server.state.fail = { status: 403, code: 'permission-denied' };
    act(() => cart.addItem(MUG, { quantity: 1 }));
    await act(() => cart.flush());
    expect(server.writes()).toHaveLength(1);
    expect(screen.queryByTestId('cart-error')).not.toBeInTheDocument();
    expect(cart.getState().error).toBeNull();
  });

  test('unavailable lines are flagged and checkout is closed until they are removed', async () => {
    const server = stubCartServer();
    const cart = newStore();
    cart.addItem(MUG, { quantity: 1 });
    await cart.flush();
    const [line] = server.items();
    server.fetchStub.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            cartItems: [{ ...line, unavailable: true }],
            itemCount: 1,
            totalItems: 1,
            totalPrice: 12.5,
            updatedAt: line.addedAt,
            version: 2,
            sessionId: 'guest-stub',
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    await cart.load();
    renderCartPage(cart);
    expect(screen.getByTestId('unavailable-flag')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    act(() => screen.getByRole('button', { name: /Remove/ }).click());
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
  });
});

describe('two tabs, one cart', () => {
  test('each change carries the revision it was made on (If-Match)', async () => {
    const server = stubCartServer();
    const cart = newStore();
    await cart.start();
    cart.addItem(MUG, { quantity: 1 });
    await cart.flush();
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    await cart.flush();
    expect(server.writes().map((w) => w.headers.get('if-match'))).toEqual(['"0"', '"1"']);
  });

  test("a change refused as stale is re-applied on top of the other tab's change: nothing is lost", async () => {
    const server = stubCartServer();
    const first = newStore();
    const second = newStore();
    await Promise.all([first.start(), second.start()]);
    first.addItem(MUG, { quantity: 2 });
    await first.flush();
    // The second tab still holds revision 0; its add is refused, re-read and re-sent.
    second.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    second.addItem(MUG, { quantity: 1 });
    await second.flush();
    const lines = (items: { productId: string; quantity: number }[]) =>
      items.map((l) => `${l.productId}x${l.quantity}`).sort();
    expect(lines(server.items())).toEqual(['mug-1x3', 'shirt-1x1']);
    expect(lines(second.getState().items)).toEqual(['mug-1x3', 'shirt-1x1']);
    expect(second.getState().error).toBeNull();
    // And a removal in the first tab, made on an older revision, still removes.
    first.removeItem(first.getState().items[0].id);
    await first.flush();
    expect(lines(server.items())).toEqual(['shirt-1x1']);
  });

  test.each([
    ['removing the last line in a stale tab does not empty the line the other tab added', true],
    [
      "a line removed before this tab's first read of the cart does not take the line another tab added meanwhile",
      false,
    ],
  ])('%s', async (_, readBeforeRemoving) => {
    const server = stubCartServer();
    const first = newStore();
    first.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    await first.flush();
    // A second tab opens the cart: it shows the cart this browser saved, then reads the server's.
    const second = newStore();
    if (readBeforeRemoving) await second.start();
    first.addItem(MUG, { quantity: 1 });
    await first.flush();
    // On a slow phone the shopper may remove the shirt before the second tab's read has answered.
    second.removeItem(second.getState().items[0].id);
    if (!readBeforeRemoving) await second.start();
    await second.flush();
    expect(server.items().map((l) => l.productId)).toEqual(['mug-1']);
    expect(second.getState().items.map((l) => l.productId)).toEqual(['mug-1']);
  });

  test('a line the server refuses is dropped with its reason; the rest of the cart is saved', async () => {
    const server = stubCartServer([SHIRT]);
    const cart = newStore();
    await cart.start();
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    cart.addItem(MUG, { quantity: 1 });
    await cart.flush();
    expect(server.items().map((l) => l.productId)).toEqual(['shirt-1']);
    expect(cart.getState().items.map((l) => l.productId)).toEqual(['shirt-1']);
    expect(cart.getState().error).toBe('Product not found in any collection');
    expect(cart.getState().error).not.toBe(MESSAGES.cartSyncFailed);
  });
});

describe('the header badge follows the one cart state', () => {
  /** What the browser does in every other tab when one tab saves the cart. */
  const otherTabSaved = () =>
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart }));
    });

  test('a page without the cart screens counts the saved cart once it has settled, and follows other tabs', async () => {
    stubCartServer();
    const earlier = newStore();
    earlier.addItem(MUG, { quantity: 2 });
    await earlier.flush();
    render(
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>,
    );
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    earlier.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 3 });
    await earlier.flush();
    otherTabSaved();
    await waitFor(() => expect(badge()).toHaveTextContent('5'));
  });

  test('each change on this page counts at once, before the server answers', async () => {
    stubCartServer();
    const cart = newStore();
    renderHeader(cart);
    expect(badge()).toBeNull();
    act(() => cart.addItem(MUG, { quantity: 2 }));
    expect(badge()).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  test("a cart saved in another tab shows in this tab's badge and cart page; this tab's next change builds on it", async () => {
    const server = stubCartServer();
    const state = new CartStateStore();
    const stopFollowing = state.followOtherTabs();
    const here = new CartStore({ api: httpCartApi, identity: guest, state });
    created.push(here);
    await here.start();
    renderHeader(here);
    renderCartPage(here);
    await waitFor(() => expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument());

    const elsewhere = newStore();
    elsewhere.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    await elsewhere.flush();
    otherTabSaved();
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(screen.getByText(SHIRT.title)).toBeInTheDocument();

    // One more of the same shirt here makes two on the server, not the other tab's one counted twice.
    act(() => here.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 }));
    await act(() => here.flush());
    expect(server.items().map((l) => [l.productId, l.quantity])).toEqual([[SHIRT.id, 2]]);
    expect(badge()).toHaveTextContent('2');
    stopFollowing();
  });

  test("another tab's cart waits while this tab has changes of its own to send", async () => {
    const server = stubCartServer();
    const state = new CartStateStore();
    const stopFollowing = state.followOtherTabs();
    const here = new CartStore({ api: httpCartApi, identity: guest, state, debounceMs: 10_000 });
    created.push(here);
    await here.start();
    renderHeader(here);
    const elsewhere = newStore();
    act(() => here.addItem(MUG, { quantity: 1 }));

    elsewhere.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 2 });
    await elsewhere.flush();
    otherTabSaved();
    await new Promise((r) => setTimeout(r, 20));
    expect(badge()).toHaveTextContent('1');

    await act(() => here.flush());
    const lines = server.items().map((l) => `${l.productId}x${l.quantity}`);
    expect(lines.sort()).toEqual(['mug-1x1', 'shirt-1x2']);
    expect(badge()).toHaveTextContent('3');
    stopFollowing();
  });
});

describe('the identity is known before any cart call (docs/rules.md#the-signed-in-shopper)', () => {
  /** A session being restored: requests carry its token once it is known, as the app's auth does. */
  function restoringIdentity(owner: string) {
    let resolve!: () => void;
    const known = new Promise<void>((r) => (resolve = r));
    let settled = false;
    const identity = {
      ready: () => known,
      owner: () => (settled ? owner : 'guest-owner'),
      settle: () => {
        settled = true;
        if (owner.startsWith('user:')) setAuthTokenGetter(() => 'token-of-the-user');
        resolve();
      },
    };
    return identity;
  }
  afterEach(() => setAuthTokenGetter(null));

  test('an add made while a session is restored waits for it, then lands in the signed-in cart', async () => {
    const server = stubCartServer();
    const identity = restoringIdentity('user:u1');
    const cart = new CartStore({ api: httpCartApi, identity, debounceMs: 0 });
    created.push(cart);
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(server.requests).toHaveLength(0);
    expect(cart.getState().totalItems).toBe(1);
    identity.settle();
    await cart.flush();
    await cart.flush();
    expect(server.items().map((l) => l.productId)).toEqual([SHIRT.id]);
    expect(server.requests.length).toBeGreaterThan(0);
    for (const request of server.requests) {
      expect(request.headers.get('authorization'), `${request.method} ${request.path}`).toBe(
        'Bearer token-of-the-user',
      );
    }
  });

  test('a restored session merges the guest cart this browser holds, as signing in does', async () => {
    const server = stubCartServer();
    const guestPage = newStore();
    guestPage.addItem(MUG, { quantity: 2 });
    await guestPage.start();
    await guestPage.flush();
    expect(server.items().map((l) => [l.productId, l.quantity])).toEqual([[MUG.id, 2]]);

    // The next page: the session is restored (signed in elsewhere in this browser).
    const identity = restoringIdentity('user:u1');
    identity.settle();
    const next = new CartStore({ api: httpCartApi, identity });
    created.push(next);
    await next.start();
    const calls = server.requests.slice(-2).map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(['POST /api/cart/merge', 'GET /api/cart']);
    expect(next.getState().totalItems).toBe(2);
  });

  test('a restored session whose cart this browser already shows merges nothing', async () => {
    const server = stubCartServer();
    const identity = restoringIdentity('user:u1');
    identity.settle();
    const first = new CartStore({ api: httpCartApi, identity });
    created.push(first);
    await first.start();
    first.addItem(MUG, { quantity: 1 });
    await first.flush();
    const second = new CartStore({ api: httpCartApi, identity });
    created.push(second);
    await second.start();
    expect(server.requests.some((r) => r.path === '/api/cart/merge')).toBe(false);
    expect(second.getState().totalItems).toBe(1);
  });
});

describe('team quantities and the sign-in merge (docs/rules.md#what-a-merch-shopper-expects)', () => {
  test('10 and then 2 added before the first save reach the server as adds of at most 10: the line holds 12', async () => {
    const server = stubCartServer();
    const cart = newStore();
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 10 });
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 2 });
    await cart.flush();
    expect(cart.getState().error).toBeNull();
    expect(server.items().map((l) => l.quantity)).toEqual([12]);
    expect(cart.getState().totalItems).toBe(12);
    for (const write of server.writes()) expect((write.body as { quantity: number }).quantity).toBeLessThanOrEqual(10);
  });

  test('the cart page sets a line to 15, and tells the shopper what a merge left out', async () => {
    const server = stubCartServer();
    const cart = newStore();
    cart.addItem(SHIRT, { size: 'S', color: 'Black', quantity: 10 });
    await cart.flush();
    renderCartPage(cart);
    const select = screen.getByLabelText(/Quantity/) as HTMLSelectElement;
    act(() => {
      fireEvent.change(select, { target: { value: '15' } });
    });
    await act(() => cart.flush());
    expect(server.items()[0].quantity).toBe(15);

    const shirt = SHIRT.variants!.find((v) => v.size === 'S' && v.color === 'Black')!;
    server.state.guest = [buildCartItem(SHIRT, shirt, { quantity: 90 })];
    await act(() => cart.mergeGuestCart());
    expect(cart.getState().totalItems).toBe(CART_LINE_QUANTITY_MAX);
    const notice = screen.getByTestId('cart-dropped');
    expect(notice).toHaveTextContent(MESSAGES.mergeDropped(CART_LINE_QUANTITY_MAX, CART_MAX_LINES));
    expect(notice).toHaveTextContent(`5 x ${SHIRT.title} (Black / S)`);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByTestId('cart-dropped')).not.toBeInTheDocument();
  });
});
