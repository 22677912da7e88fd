import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BLOG_PAGE_SIZE } from '@shop/shared';
import { BLOG_CONTENT_DIR, loadBlogIndex, type BlogIndex } from '@shop/shared/server/blog';

// The blog's posts, read once at start and shared by the blog API, the blog pages, the sitemap and
// the feed (they read the same files; before, each read them itself).

declare module 'fastify' {
  interface FastifyInstance {
    blog: BlogIndex;
  }
}

export interface BlogOptions {
  /** Where the Markdown posts are; defaults to content/blog in the repository. */
  contentDir?: URL | string;
}

async function blog(app: FastifyInstance, options: BlogOptions) {
  app.decorate('blog', await loadBlogIndex(options.contentDir ?? BLOG_CONTENT_DIR, BLOG_PAGE_SIZE));
}

export default fp(blog, { name: 'blog' });
