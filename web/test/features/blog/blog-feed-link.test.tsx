import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Component as BlogPage } from '../../../src/app/routes/blog';
import { createQueryClient } from '../../../src/lib/query-client';

// Review finding #15: "Follow the blog by RSS" was a small link under the last post and the
// pagination, about 2,900 px down a phone's page, and opened the feed's code. It now stands above
// the posts too, and opens the page that says what the feed is and gives its address.

const posts = Array.from({ length: 6 }, (_, i) => ({
  slug: `post-${i + 1}`,
  title: `Post number ${i + 1}`,
  date: `2026-11-0${i + 1}`,
  tags: ['process'],
  summary: 'What we learned.',
  author: 'Ada',
  readingMinutes: 3,
}));

afterEach(() => vi.unstubAllGlobals());

describe('the blog list', () => {
  test('offers the feed above the posts, not only after them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ posts, total: posts.length, page: 1, pageSize: 10 })),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/blog']}>
          <BlogPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const firstPost = await screen.findByRole('link', { name: 'Post number 1' });
    const feedLinks = screen.getAllByRole('link', { name: 'Follow the blog' });
    expect(feedLinks[0]).toHaveAttribute('href', '/blog/subscribe');
    expect(feedLinks[0].compareDocumentPosition(firstPost) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // It says what following is for.
    expect(feedLinks[0].parentElement).toHaveTextContent(/in your feed reader/);
  });
});
