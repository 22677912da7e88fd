import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import type { AdminQuote } from '@shop/shared/schemas';
import { QuotesInbox } from '../../../src/features/quotes/components/quotes-inbox';
import { json, stubFetch } from '../../cart/stubs';

// The quotes inbox (/admin/quotes): each lead's status control starts at where the lead stands.

const QUOTE: AdminQuote = {
  id: 'q-1',
  name: 'Margaret Hamilton',
  email: 'margaret@example.com',
  services: ['website'],
  budget: '5k-15k',
  message: 'A site for our flight software team.',
  status: 'new',
  createdAt: '2026-11-24T09:00:00.000Z',
};

describe('quotes inbox', () => {
  test('a new lead shows "New" in its status control, and saving only a note leaves it new', async () => {
    const { requests } = stubFetch(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/admin/quotes') return json(200, { quotes: [QUOTE] });
      if (method === 'PATCH' && path === '/api/admin/quotes/q-1') return json(200, { ...QUOTE, ...(body as object) });
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <QuotesInbox />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('admin-quote');
    const status = within(card).getByLabelText('Status');
    expect(status).toHaveValue('new');
    await userEvent.type(within(card).getByLabelText('Note for the team'), 'Asked for their timeline');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      status: 'new',
      note: 'Asked for their timeline',
    });
  });
});

describe('replying from the "New" list', () => {
  test('the replied quote stays in view with its reply sent, though it is no longer new', async () => {
    let replied = false;
    const answered: AdminQuote = {
      ...QUOTE,
      status: 'contacted',
      updatedAt: '2026-11-24T10:00:00.000Z',
      replies: [{ id: 'r-1', at: '2026-11-24T10:00:00.000Z', by: 'studio@example.com', message: 'Happy to help.' }],
    } as AdminQuote;
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/admin/quotes') return json(200, { quotes: replied ? [] : [QUOTE] });
      if (method === 'POST' && path === '/api/admin/quotes/q-1/replies') {
        replied = true;
        return json(200, answered);
      }
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/quotes?status=new']}>
          <QuotesInbox />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('admin-quote');
    await userEvent.type(within(card).getByLabelText(/Reply to/), 'Happy to help.');
    await userEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(replied).toBe(true));
    const kept = await screen.findByTestId('admin-quote');
    expect(within(kept).getByTestId('quote-replies')).toHaveTextContent('Happy to help.');
    expect(within(kept).getByTestId('quote-kept')).toHaveTextContent(/Reply sent/);
    expect(screen.queryByText(/No quotes marked/)).not.toBeInTheDocument();
  });
});
