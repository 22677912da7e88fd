import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogListResponseSchema, blogPostSchema } from '@shop/shared/schemas';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The real app against the repository's own posts in content/blog.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/blog', () => {
  it('lists posts newest first with the page size and total', async () => {
    const res = await get('/api/blog');
    expect(res.statusCode).toBe(200);
    const body = blogListResponseSchema.parse(res.json());
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(4);
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.posts).toHaveLength(4);
    const dates = body.posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(body.posts[0]).sort()).toEqual([
      'author',
      'cover',
      'date',
      'readingMinutes',
      'slug',
      'summary',
      'tags',
      'title',
    ]);
  });

  it('pages through every post exactly once', async () => {
    const first = blogListResponseSchema.parse((await get('/api/blog?page=1')).json());
    const pages = Math.ceil(first.total / first.pageSize);
    const slugs: string[] = [];
    for (let page = 1; page <= pages; page++) {
      slugs.push(
        ...blogListResponseSchema.parse((await get(`/api/blog?page=${page}`)).json()).posts.map((p) => p.slug),
      );
    }
    expect(slugs).toHaveLength(first.total);
    expect(new Set(slugs).size).toBe(first.total);
    const beyond = blogListResponseSchema.parse((await get(`/api/blog?page=${pages + 1}`)).json());
    expect(beyond.posts).toEqual([]);
  });

  it('filters by tag', async () => {
    const body = blogListResponseSchema.parse((await get('/api/blog?tag=process')).json());
    expect(body.total).toBeGreaterThan(0);
    expect(body.posts.every((p) => p.tags.includes('process'))).toBe(true);
    const none = blogListResponseSchema.parse((await get('/api/blog?tag=no-such-tag')).json());
    expect(none).toMatchObject({ posts: [], total: 0 });
  });

  it.each(['page=0', 'page=abc', 'tag=Not%20A%20Tag'])('refuses ?%s with 400 invalid-argument', async (qs) => {
    const res = await get(`/api/blog?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });
});

describe('GET /api/blog/:slug', () => {
  it('returns the post with sanitised HTML rendered from its Markdown', async () => {
    const res = await get('/api/blog/scoping-in-two-weeks');
    expect(res.statusCode).toBe(200);
    const post = blogPostSchema.parse(res.json());
    expect(post).toMatchObject({
      slug: 'scoping-in-two-weeks',
      title: 'How we scope a project in two weeks',
      date: '2025-03-06',
      author: 'Maya Okafor',
    });
    expect(post.html).toContain('<h2>Week one: understand</h2>');
    expect(post.html).toContain('<strong>Stakeholder interviews.</strong>');
  });

  it('keeps code blocks with their language class', async () => {
    const post = blogPostSchema.parse((await get('/api/blog/design-systems-for-small-teams')).json());
    expect(post.html).toContain('<code class="language-css">');
  });

  it('answers an unknown slug with 404 not-found', async () => {
    const res = await get('/api/blog/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not-found', message: 'No blog post with the slug "no-such-post"' } });
  });

  it('refuses a malformed slug with 400 invalid-argument', async () => {
    const res = await get('/api/blog/Bad_Slug');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });
});
