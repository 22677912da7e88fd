import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import { ensureWebBuild } from '../../../tests/e2e/helpers/web-build.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { BLOG_CONTENT_DIR } from '@shop/shared/server/blog';

// GET /blog/feed.xml (docs/rules.md#what-a-merch-shopper-expects): every post, read back by a real feed reader's parser, and
// the feed announced in the head of every page.

const PUBLIC_URL = 'https://shop.example.test';
let t: TestApp;

beforeAll(async () => {
  ensureWebBuild();
  t = await createTestApp({ PUBLIC_URL }, undefined, { serveWeb: true });
});
afterAll(() => t?.close());

describe('the blog feed', () => {
  it("names each post's author as RSS 2.0 requires (the W3C validator refuses a bare name): an e-mail address, the name in brackets", async () => {
    const response = await t.app.inject({ url: '/blog/feed.xml' });
    const authors = [...response.body.matchAll(/<author>([^<]*)<\/author>/g)].map((m) => m[1]);
    const files = readdirSync(BLOG_CONTENT_DIR).filter((f) => f.endsWith('.md'));
    expect(authors).toHaveLength(files.length);
    for (const author of authors) expect(author).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]+ \(.+\)$/);
  });

  it('is RSS that a feed reader parses, with every post: title, absolute link, date and summary', async () => {
    const response = await t.app.inject({ url: '/blog/feed.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const feed = await new Parser().parseString(response.body);
    const posts = (await t.app.inject({ url: '/api/blog?page=1' })).json();
    const files = readdirSync(BLOG_CONTENT_DIR).filter((f) => f.endsWith('.md'));
    expect(feed.items).toHaveLength(files.length);
    expect(feed.link).toBe(`${PUBLIC_URL}/blog`);
    const newest = posts.posts[0];
    const item = feed.items.find((i) => i.title === newest.title);
    expect(item).toMatchObject({ link: `${PUBLIC_URL}/blog/${newest.slug}`, contentSnippet: newest.summary });
    expect(new Date(item!.pubDate!).toISOString().slice(0, 10)).toBe(newest.date);
    for (const i of feed.items) {
      expect(i.link).toMatch(new RegExp(`^${PUBLIC_URL}/blog/[a-z0-9-]+$`));
      expect(i.title).toBeTruthy();
      expect(i.contentSnippet).toBeTruthy();
      expect(Number.isNaN(Date.parse(i.pubDate ?? ''))).toBe(false);
    }
  });

  it('is announced with <link rel="alternate"> in the head of the home page, the store and a post', async () => {
    const firstPost = readdirSync(BLOG_CONTENT_DIR)
      .find((f) => f.endsWith('.md'))!
      .replace(/\.md$/, '');
    for (const path of ['/', '/store', `/blog/${firstPost}`, '/about']) {
      const page = await t.app.inject({ url: path });
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head, path).toMatch(/<link rel="alternate" type="application\/rss\+xml" [^>]*href="\/blog\/feed.xml"/);
    }
  });

  it('is linked where a reader can see it: the blog page links to the page on following it, served in its HTML', async () => {
    const page = await t.app.inject({ url: '/blog' });
    const body = page.body.slice(page.body.indexOf('</head>'));
    expect(body).toMatch(/<a href="\/blog\/subscribe"[^>]*>Follow the blog<\/a>/);
  });

  // Review finding #15: the feed opened in a browser shows its code, so "Follow the blog" opens a
  // page, in the store's look and served in HTML like the other blog pages, that says what the
  // feed is, gives its address and lists the latest posts; the head still announces the feed.
  it('has a readable page, /blog/subscribe: what the feed is, its address, the readers and the latest posts', async () => {
    const page = await t.app.inject({ url: '/blog/subscribe' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain('<title>Follow the blog');
    expect(head).toMatch(/<link rel="alternate" type="application\/rss\+xml" [^>]*href="\/blog\/feed.xml"/);
    const body = page.body.slice(page.body.indexOf('</head>'));
    expect(body).toContain('a feed reader checks it for you');
    expect(body).toMatch(/<input [^>]*value="\/blog\/feed.xml"/);
    expect(body).toContain('Copy address');
    expect(body).toContain('Feedly');
    const newest = (await t.app.inject({ url: '/api/blog' })).json().posts[0];
    expect(body).toContain(`href="/blog/${newest.slug}"`);
  });
});
