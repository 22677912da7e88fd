import type { FastifyInstance } from 'fastify';
import { sendPrecompressed } from '../../services/http/precompressed.js';
import { BLOG_FEED_PATH } from '@shop/shared/pages';
import { renderBlogFeed } from '../../services/pages/blog-feed.js';
import { textAnswer } from '../../services/pages/send-page.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

export default async function blogFeedRoute(app: FastifyInstance) {
  const feed = textAnswer(renderBlogFeed(app.blog.all(), app.config.PUBLIC_URL));
  app.get(BLOG_FEED_PATH, NO_RATE_LIMIT, async (request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600').type('application/rss+xml; charset=utf-8');
    return sendPrecompressed(request, reply, feed.bytes);
  });
}
