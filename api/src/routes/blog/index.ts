import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  blogListQuerySchema,
  blogListResponseSchema,
  blogPostSchema,
  blogSlugParamsSchema,
} from '@shop/shared/schemas';

// The blog: Markdown files in the repository (app.blog), listed newest first and rendered to
// sanitised HTML.
export default async function blogRoutes(app: FastifyInstance) {
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
    async (request) => app.blog.list(request.query),
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
      const post = app.blog.get(request.params.slug);
      if (!post) throw new AppError('not-found', MESSAGES.blogPostNotFound(request.params.slug));
      return post;
    },
  );
}
