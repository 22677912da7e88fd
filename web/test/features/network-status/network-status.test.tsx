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
    expect(screen.getByText(/connection looks slow/i)).toBeInTheDocument();
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
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));

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
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(2));
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
