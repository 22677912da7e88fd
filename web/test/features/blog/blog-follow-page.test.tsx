import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Component as BlogFollowPage } from '../../../src/app/routes/blog-follow';
import { createQueryClient } from '../../../src/lib/query-client';

// Review finding #15: the feed opened in a browser showed its XML. "Follow the blog" now opens a
// page that says what the feed is, gives its address with a copy button, links to the common
// readers and lists the latest posts.

const posts = Array.from({ length: 7 }, (_, i) => ({
  slug: `post-${i + 1}`,
  title: `Post number ${i + 1}`,
  date: `2026-11-0${i + 1}`,
  tags: ['process'],
  summary: 'What we learned.',
  author: 'Ada',
  readingMinutes: 3,
}));

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ posts, total: posts.length, page: 1, pageSize: 10 })),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/blog/subscribe']}>
        <BlogFollowPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the page on following the blog', () => {
  test("gives the feed's full address and copies it", async () => {
    const user = userEvent.setup();
    const feedUrl = `${window.location.origin}/blog/feed.xml`;
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Follow the blog');
    expect(screen.getByRole('textbox', { name: 'The feed’s address' })).toHaveValue(feedUrl);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(feedUrl);
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
  });

  test('links to the common readers with the address, and lists the five latest posts', async () => {
    renderPage();
    const encoded = encodeURIComponent(`${window.location.origin}/blog/feed.xml`);
    expect(screen.getByRole('link', { name: 'follow the blog in Feedly' })).toHaveAttribute(
      'href',
      `https://feedly.com/i/subscription/feed/${encoded}`,
    );
    expect(screen.getByRole('link', { name: 'follow the blog in Inoreader' })).toHaveAttribute(
      'href',
      `https://www.inoreader.com/?add_feed=${encoded}`,
    );
    const latest = await screen.findByRole('region', { name: 'Latest posts' });
    await within(latest).findByRole('link', { name: 'Post number 1' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(5);
    expect(within(latest).getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
  });
});
