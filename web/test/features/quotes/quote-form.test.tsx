import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test, vi } from 'vitest';
import { QUOTE_DRAFT_STORAGE_KEY } from '@shop/shared';
import { QuoteForm } from '../../../src/features/quotes/components/quote-form';
import { createQueryClient } from '../../../src/lib/query-client';

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <QuoteForm />
    </QueryClientProvider>,
  );
}

const MESSAGE = 'We need a new website for our bakery with online pre-orders for the weekend.';

async function fillValidForm(user = userEvent.setup()) {
  await user.type(screen.getByLabelText('Your name'), 'Ada Baker');
  await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
  await user.click(screen.getByRole('checkbox', { name: 'Marketing website' }));
  await user.click(screen.getByRole('checkbox', { name: 'Online store' }));
  await user.selectOptions(screen.getByLabelText('Budget'), '5k-15k');
  await user.type(screen.getByLabelText('Tell us about your project'), MESSAGE);
  return user;
}

const storedDraft = () => JSON.parse(localStorage.getItem(QUOTE_DRAFT_STORAGE_KEY) ?? 'null');

describe('quote request form', () => {
  test('shows an inline error when a field is left invalid, and clears it once fixed', async () => {
    const user = userEvent.setup();
    renderForm();
    const name = screen.getByLabelText('Your name');
    await user.click(name);
    await user.tab();
    expect(name).toHaveAccessibleDescription('Please tell us your name');
    expect(name).toHaveAttribute('aria-invalid', 'true');

    const email = screen.getByLabelText('E-mail address');
    await user.type(email, 'not-an-address');
    await user.tab();
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address');

    await user.type(name, 'Ada');
    expect(name).not.toHaveAccessibleDescription();
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  test('does not show errors for untouched fields before the first submit', () => {
    renderForm();
    expect(screen.queryByText('Please tell us your name')).not.toBeInTheDocument();
    expect(screen.queryByText('Choose at least one service')).not.toBeInTheDocument();
  });

  test('submitting an empty form shows every error, sends nothing and moves focus to the first field', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(screen.getByText('Please tell us your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one service')).toBeInTheDocument();
    expect(screen.getByText('Choose a budget range')).toBeInTheDocument();
    expect(screen.getByText('Please describe your project in at least 20 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  test('a valid request is posted to the API, the draft is cleared and a thank-you replaces the form', async () => {
    const fetchStub = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ id: '3f2a9c1e-0000-4000-8000-000000000000' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderForm();
    const user = await fillValidForm();
    expect(storedDraft()).toMatchObject({ name: 'Ada Baker', services: ['website', 'e-commerce'] });

    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('heading', { name: 'Thank you, Ada Baker!' })).toBeInTheDocument();
    expect(screen.getByText('3F2A9C1E')).toBeInTheDocument();
    const [url, init] = fetchStub.mock.calls[0];
    expect(url).toBe('/api/quotes');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Baker',
      email: 'ada@example.com',
      services: ['website', 'e-commerce'],
      budget: '5k-15k',
      message: MESSAGE,
    });
    expect(new Headers(init?.headers).get('X-Guest-Id')).toMatch(/^guest-[0-9a-f-]{36}$/);
    expect(localStorage.getItem(QUOTE_DRAFT_STORAGE_KEY)).toBeNull();
  });

  test('on a network failure nothing is lost: a clear error, the answers stay, and the draft survives a reload', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const first = renderForm();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your request was not sent.');
    expect(alert).toHaveTextContent('We could not reach our server.');
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada Baker');
    expect(screen.getByLabelText('Tell us about your project')).toHaveValue(MESSAGE);
    expect(storedDraft()).toMatchObject({
      name: 'Ada Baker',
      email: 'ada@example.com',
      budget: '5k-15k',
      message: MESSAGE,
    });

    first.unmount();
    renderForm();
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada Baker');
    expect(screen.getByRole('checkbox', { name: 'Online store' })).toBeChecked();
    expect(screen.getByLabelText('Budget')).toHaveValue('5k-15k');
  });

  test('an error from the API is shown with its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'resource-exhausted', message: 'Too many requests; slow down and try again shortly' },
            }),
            {
              status: 429,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    renderForm();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many requests; slow down and try again shortly'),
    );
    expect(storedDraft()).toMatchObject({ name: 'Ada Baker' });
  });

  test('a resubmission after a 503 names the same submission, so the API stores one quote', async () => {
    const fetchStub = vi
      .fn(
        async (_url: string, _init?: RequestInit) =>
          new Response(JSON.stringify({ id: '3f2a9c1e-0000-4000-8000-000000000000' }), {
            status: 201,
            headers: { 'content-type': 'application/json' },
          }),
      )
      .mockImplementationOnce(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'unavailable', message: 'The job queue (Redis) is unavailable; try again shortly' },
            }),
            {
              status: 503,
              headers: { 'content-type': 'application/json' },
            },
          ),
      );
    vi.stubGlobal('fetch', fetchStub);
    renderForm();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('try again shortly'));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Thank you, Ada Baker!' })).toBeInTheDocument();

    const keys = fetchStub.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);

    await user.click(screen.getByRole('button', { name: 'Send another request' }));
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('heading', { name: 'Thank you, Ada Baker!' });
    expect(new Headers(fetchStub.mock.calls[2][1]?.headers).get('Idempotency-Key')).not.toBe(keys[0]);
  });
});
