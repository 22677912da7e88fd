import type { FastifyInstance } from 'fastify';
import { blogSlugSchema } from '@shop/shared/schemas';
import { blogPostHead, type PageRoute } from '@shop/shared/pages';
import type { PageAnswers } from '../../services/pages/page-answers.js';
import { sendPage } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

// A blog post's page, pre-rendered at build; an unknown slug answers 404 with the not-found page.
export default async function blogPostRoute(
  app: FastifyInstance,
  { route, pages }: { route: PageRoute; pages: PageAnswers },
) {
  app.get<{ Params: { slug: string } }>(route.path, NO_RATE_LIMIT, async (request, reply) => {
    const slug = blogSlugSchema.safeParse(request.params.slug);
    const post = slug.success ? app.blog.get(slug.data) : undefined;
    if (!post) return app.notFoundPage!(request, reply);
    const pathname = `/blog/${post.slug}`;
    return sendPage(
      request,
      reply,
      pages.page(request, {
        key: pathname,
        route,
        pathname,
        head: () => blogPostHead(post, app.config.PUBLIC_URL),
        // The cover is the post's largest paint.
        image: () => post.cover?.src,
      }),
    );
  });
}
