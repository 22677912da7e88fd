import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BLOG_COVER_SIZE } from '@shop/shared';
import { readingMinutes } from '@shop/shared/domain/blog';
import { blogListResponseSchema, blogPostSchema, type BlogPost } from '@shop/shared/schemas';
import { ensureWebBuild } from '../../../tests/e2e/helpers/web-build.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The blog as a reader and a crawler get it before any script runs (issue 28): every post with
// its cover (sized, described, lazy below the fold) and its reading time, on the list and on the
// post, and the print-on-demand post sending readers to the store.

let t: TestApp;
/** Every post, newest first, as GET /api/blog/:slug answers it. */
let posts: BlogPost[];
/** The first page of the list, as /blog shows it. */
let firstPage: BlogPost[];

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({}, undefined, { serveWeb: true });
  posts = await Promise.all(
    t.app.blog
      .all()
      .map(async (p) => blogPostSchema.parse((await t.app.inject({ url: `/api/blog/${p.slug}` })).json())),
  );
  const list = blogListResponseSchema.parse((await t.app.inject({ url: '/api/blog?page=1' })).json());
  firstPage = posts.slice(0, list.posts.length);
}, 120_000);
afterAll(() => t?.close());

const page = async (url: string) => {
  const response = await t.app.inject({ url, headers: { cookie: 'cookie-consent=declined' } });
  expect(response.statusCode, url).toBe(200);
  return response.body;
};
/** The root's markup as served (the pre-rendered page, not the head or the data block). */
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
const imgTags = (html: string) => [...rootOf(html).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
// HTML attribute names ignore case (React writes fetchPriority).
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('blog covers and reading time', () => {
  test('every post has a cover of the one size, described, and a reading time counted from its words', () => {
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const post of posts) {
      expect(post.cover, post.slug).toMatchObject({ ...BLOG_COVER_SIZE, src: `/images/blog/${post.slug}.svg` });
      expect(post.cover!.alt.length, post.slug).toBeGreaterThan(10);
      expect(post.readingMinutes, post.slug).toBe(readingMinutes(post.html));
    }
  });

  test('the pre-rendered blog list shows each post with its cover and "N min read"; only the first cover loads at once', async () => {
    const html = await page('/blog');
    const root = rootOf(html);
    const covers = imgTags(html).filter((tag) => tag.includes('/images/blog/'));
    expect(covers).toHaveLength(firstPage.length);
    firstPage.forEach((post, i) => {
      expect(root).toContain(`${post.readingMinutes} min read`);
      const tag = covers[i]!;
      expect(attr(tag, 'src')).toBe(post.cover!.src);
      expect(attr(tag, 'alt')).toBe(post.cover!.alt);
      expect([attr(tag, 'width'), attr(tag, 'height')]).toEqual([
        String(BLOG_COVER_SIZE.width),
        String(BLOG_COVER_SIZE.height),
      ]);
      expect(attr(tag, 'loading')).toBe(i === 0 ? 'eager' : 'lazy');
    });
    expect(attr(covers[0]!, 'fetchpriority')).toBe('high');
  });

  test('a pre-rendered post shows its reading time and its cover as the hero, fetched first and preloaded in the head', async () => {
    const post = posts.find((p) => p.slug === 'what-100ms-is-worth')!;
    const html = await page(`/blog/${post.slug}`);
    expect(rootOf(html)).toContain(`${post.readingMinutes} min read`);
    const [hero, ...others] = imgTags(html).filter((tag) => tag.includes(post.cover!.src));
    expect(others).toEqual([]);
    expect(hero).toBeDefined();
    expect(attr(hero!, 'alt')).toBe(post.cover!.alt);
    expect(attr(hero!, 'width')).toBe(String(BLOG_COVER_SIZE.width));
    expect(attr(hero!, 'height')).toBe(String(BLOG_COVER_SIZE.height));
    expect(attr(hero!, 'loading')).toBe('eager');
    expect(attr(hero!, 'fetchpriority')).toBe('high');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="preload" as="image" href="${post.cover!.src}" fetchpriority="high" />`);
  });

  test('the cover files are served as images', async () => {
    for (const post of posts) {
      const response = await t.app.inject({ url: post.cover!.src });
      expect(response.statusCode, post.cover!.src).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });
});

describe('the print-on-demand post', () => {
  test('links to the store in its text, in the API answer and in the pre-rendered page', async () => {
    const post = posts.find((p) => p.tags.includes('print-on-demand'))!;
    expect(post.html).toMatch(/<a href="\/store">[^<]+<\/a>/);
    const article = rootOf(await page(`/blog/${post.slug}`));
    const prose = article.slice(article.indexOf('class="container narrow prose"'));
    expect(prose).toMatch(/<a href="\/store">[^<]+<\/a>/);
  });
});
