import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test } from 'vitest';
import { MESSAGES } from '@shop/shared';
import type { TeamOrderLeadView } from '@shop/shared/schemas';
import { TeamOrderLeadPage } from '../../../src/features/team-order/components/team-order-lead-page';
import { json, stubFetch } from '../../cart/stubs';

// The lead's page of a team order (/store/team/lead/:id): the studio reads it without the lead's
// buttons, and the list follows its live stream, with no second read of the list.

const ID = '5f0c2b4e-8a51-4f8a-9b7e-1c2d3e4f5a6b';

function leadView(overrides: Partial<TeamOrderLeadView> = {}): TeamOrderLeadView {
  return {
    id: ID,
    viewer: 'lead',
    title: 'Platform team',
    leadName: 'Sam',
    products: [
      {
        id: 'hoodie',
        title: 'Studio Hoodie',
        imageUrl: null,
        price: 45,
        variants: [{ size: 'M', color: 'Navy' }],
        unavailable: false,
      },
    ],
    color: null,
    closesOn: '2099-12-04',
    closesAt: '2099-12-05T08:00:00.000Z',
    maxMembers: 20,
    state: 'open',
    linkToken: 'A'.repeat(32),
    members: [member('Ada')],
    counts: [{ productId: 'hoodie', title: 'Studio Hoodie', size: 'M', color: 'Navy', count: 1, unavailable: false }],
    createdAt: '2026-11-27T00:00:00.000Z',
    ...overrides,
  };
}

function member(name: string) {
  return {
    id: globalThis.crypto.randomUUID(),
    name,
    productId: 'hoodie',
    productTitle: 'Studio Hoodie',
    size: 'M',
    color: 'Navy',
    unavailable: false,
    joinedAt: '2026-11-27T00:00:00Z',
    updatedAt: '2026-11-27T00:00:00Z',
  };
}

/** An open event stream the test writes `list` events to. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    send: (view: TeamOrderLeadView) =>
      controller.enqueue(encoder.encode(`event: list\ndata: ${JSON.stringify(view)}\n\n`)),
    end: () => controller.close(),
  };
}

const streams: Array<ReturnType<typeof liveStream>> = [];
afterEach(() => {
  for (const s of streams.splice(0)) s.end();
});

function renderPage(view: TeamOrderLeadView) {
  const stream = liveStream();
  streams.push(stream);
  const stub = stubFetch(({ method, path }) => {
    if (method === 'GET' && path === `/api/team-orders/${ID}`) return json(200, view);
    if (method === 'GET' && path === `/api/team-orders/${ID}/events`) return stream.response();
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TeamOrderLeadPage id={ID} signedIn />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...stub, stream };
}

describe("the lead's page of a team order", () => {
  test("the studio reads the list with a note and without any of the lead's buttons", async () => {
    const { requests } = renderPage(leadView({ viewer: 'studio' }));
    await screen.findByRole('heading', { name: 'Platform team' });
    expect(screen.getByTestId('team-order-studio-note')).toHaveTextContent(MESSAGES.teamOrderStudioView);
    expect(screen.getByText(/Team order by Sam/)).toBeInTheDocument();
    expect(within(screen.getByTestId('team-order-members')).getByText('Ada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close it now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke the link' })).toBeNull();
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
  });

  test('the studio sees no way to pay a closed order or make a new link', async () => {
    renderPage(leadView({ viewer: 'studio', state: 'closed', linkToken: null }));
    await screen.findByRole('heading', { name: 'Platform team' });
    expect(screen.queryByRole('button', { name: 'Put it in my cart and pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make a new link' })).toBeNull();
  });

  test('the lead sees their buttons, and no studio note', async () => {
    renderPage(leadView());
    await screen.findByRole('button', { name: 'Close it now' });
    expect(screen.getByRole('button', { name: 'Remove Ada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke the link' })).toBeInTheDocument();
    expect(screen.queryByTestId('team-order-studio-note')).toBeNull();
  });

  test('a member who joins shows from the live stream, without reading the list again', async () => {
    const { requests, stream } = renderPage(leadView());
    await screen.findByRole('button', { name: 'Close it now' });
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/events'))).toBe(true));
    stream.send(leadView({ members: [member('Ada'), member('Bo <b>')] }));
    const list = screen.getByTestId('team-order-members');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('Bo <b>')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === `/api/team-orders/${ID}`)).toHaveLength(1);
  });
});
