import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import { NetworkStatusBanner } from '../../../src/features/network-status/components/network-status-banner';
import { NetworkStatusProvider, useNetworkStatus } from '../../../src/features/network-status/network-status-provider';

function StatusProbe() {
  return <span data-testid="status">{useNetworkStatus()}</span>;
}

function renderStatus() {
  return render(
    <NetworkStatusProvider>
      <NetworkStatusBanner />
      <StatusProbe />
    </NetworkStatusProvider>,
  );
}

/** A stubbed download of `bytes` whose body takes `ms` on a stubbed clock. */
function stubDownload(bytes: number, ms: number) {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  const fetchStub = vi.fn(async () => {
    const response = new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'image/svg+xml' } });
    const read = response.arrayBuffer.bind(response);
    response.arrayBuffer = async () => {
      now += ms;
      return read();
    };
    return response;
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const status = () => screen.getByTestId('status').textContent;

describe('network status', () => {
  test('a fast speed test keeps the status online with no banner', async () => {
    const fetchStub = stubDownload(1_000_000, 100); // 80 Mbps
    renderStatus();
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain(PLACEHOLDER_IMAGE);
    expect(init).toMatchObject({ cache: 'no-store' });
    await act(async () => undefined);
    expect(status()).toBe('online');
    expect(screen.queryByText(/offline|slow/i)).not.toBeInTheDocument();
  });

  test('below 1 Mbps the status is slow and a banner says so', async () => {
    stubDownload(125_000, 2000); // 0.5 Mbps
    renderStatus();
    await waitFor(() => expect(status()).toBe('slow'));
    expect(await screen.findByText(/connection looks slow/i)).toBeInTheDocument();
  });

  test('the slow-connection notice is a line of the header, announced, and a dismissal holds for the visit', async () => {
    stubDownload(125_000, 2000); // 0.5 Mbps
    sessionStorage.clear();
    const { unmount } = render(
      <NetworkStatusProvider>
        <header role="banner">
          <NetworkStatusBanner />
        </header>
        <h1>Store</h1>
      </NetworkStatusProvider>,
    );
    const text = await screen.findByText(/connection looks slow/i);
    // In the header's own flow (never over the page), inside the polite status region.
    expect(screen.getByRole('banner')).toContainElement(text);
    expect(text.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');

    await act(async () => screen.getByRole('button', { name: 'Dismiss this notice' }).click());
    expect(screen.queryByText(/connection looks slow/i)).not.toBeInTheDocument();
    unmount();

    // The next page of the visit (a reload) does not show it again.
    render(
      <NetworkStatusProvider>
        <NetworkStatusBanner />
        <StatusProbe />
      </NetworkStatusProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('slow'));
    await act(async () => undefined);
    expect(screen.queryByText(/connection looks slow/i)).not.toBeInTheDocument();
  });

  test('a failed speed test counts as online', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchStub = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchStub);
    renderStatus();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('speed test failed')));
    expect(status()).toBe('online');
    expect(screen.queryByText(/offline|slow/i)).not.toBeInTheDocument();
  });

  test('an offline event shows the offline banner; going online again removes it and re-tests', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const fetchStub = stubDownload(1_000_000, 100);
    renderStatus();
    // Only the speed test's downloads count: whatever else the page fetches when back online is not a re-test.
    const speedTests = () =>
      (fetchStub.mock.calls as unknown as [RequestInfo][]).filter(([url]) => String(url).includes(PLACEHOLDER_IMAGE))
        .length;
    await waitFor(() => expect(speedTests()).toBe(1));

    setOnline(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(status()).toBe('offline');
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(speedTests()).toBe(2));
    await waitFor(() => expect(status()).toBe('online'));
    expect(screen.queryByText('You are offline.', { exact: false })).not.toBeInTheDocument();
  });

  test('starts offline without a speed test when the browser is offline at load', () => {
    setOnline(false);
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderStatus();
    expect(status()).toBe('offline');
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
