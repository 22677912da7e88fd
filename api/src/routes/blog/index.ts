import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, BLOG_PAGE_SIZE, MESSAGES } from '@shop/shared';
import {
  blogListQuerySchema,
  blogListResponseSchema,
  blogPostSchema,
  blogSlugParamsSchema,
} from '@shop/shared/schemas';
import { loadBlogIndex } from './blog-posts.js';

/** The repository's posts; the page heads, sitemap and pre-rendering read the same files. */
export const BLOG_CONTENT_DIR = new URL('../../../../content/blog', import.meta.url);

export interface BlogRoutesOptions {
  /** Where the Markdown posts are (tests); defaults to content/blog in the repository. */
  contentDir?: URL | string;
}

// The blog: Markdown files in the repository, listed newest first and rendered to sanitised HTML.
export default async function blogRoutes(app: FastifyInstance, options: BlogRoutesOptions = {}) {
  const blog = await loadBlogIndex(options.contentDir ?? BLOG_CONTENT_DIR, BLOG_PAGE_SIZE);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/',
    {
      schema: {
        tags: ['content'],
        summary: 'Blog posts, newest first, one page at a time, optionally with one tag',
        querystring: blogListQuerySchema,
        response: { 200: blogListResponseSchema },
      },
    },
    async (request) => blog.list(request.query),
  );

  api.get(
    '/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One blog post with its HTML',
        params: blogSlugParamsSchema,
        response: { 200: blogPostSchema },
      },
    },
    async (request) => {
      const post = blog.get(request.params.slug);
      if (!post) throw new AppError('not-found', MESSAGES.blogPostNotFound(request.params.slug));
      return post;
    },
  );
}
