import { Feed } from 'feed';
import { BLOG_FEED_PATH, SITE } from '@shop/shared/pages';
import type { BlogPostSummary } from '@shop/shared/schemas';

// GET /blog/feed.xml (docs/rules.md#what-a-merch-shopper-expects): every post as RSS 2.0, links absolute under PUBLIC_URL,
// rendered with the `feed` library rather than by hand so titles and summaries are escaped.

export function renderBlogFeed(posts: readonly BlogPostSummary[], publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const newest = posts.reduce<string | null>((max, p) => (max === null || p.date > max ? p.date : max), null);
  const feed = new Feed({
    title: `${SITE.name} blog`,
    description: SITE.tagline,
    id: `${base}/blog`,
    link: `${base}/blog`,
    language: 'en',
    copyright: `© ${SITE.name}`,
    updated: newest ? new Date(`${newest}T00:00:00Z`) : new Date(0),
    generator: false,
    feedLinks: { rss: `${base}${BLOG_FEED_PATH}` },
  });
  for (const post of posts) {
    const link = `${base}/blog/${post.slug}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(`${post.date}T00:00:00Z`),
      description: post.summary,
      // RSS 2.0 names an author by e-mail address (the name in brackets): the studio's, as the
      // posts are the studio's and no writer's own address is published.
      author: [{ name: post.author, email: SITE.email }],
      category: post.tags.map((name) => ({ name })),
    });
  }
  return feed.rss2();
}
