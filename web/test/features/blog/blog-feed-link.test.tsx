import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Component as BlogPage } from '../../../src/app/routes/blog';
import { createQueryClient } from '../../../src/lib/query-client';

// Review finding #15: "Follow the blog by RSS" was a small link under the last post and the
// pagination, about 2,900 px down a phone's page. It now stands above the posts too, saying
// what a feed is for (a browser shows the feed itself as code).

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
    const feedLinks = screen.getAllByRole('link', { name: 'Follow the blog by RSS' });
    expect(feedLinks[0]).toHaveAttribute('href', '/blog/feed.xml');
    expect(feedLinks[0].compareDocumentPosition(firstPost) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // It says what a feed is for before the browser shows the feed's code.
    expect(feedLinks[0].parentElement).toHaveTextContent(/in your feed reader/);
  });
});
