import type { FastifyInstance } from 'fastify';
import { renderRobots } from '../../services/pages/sitemap.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

export default async function robotsRoute(app: FastifyInstance) {
  const robots = renderRobots(app.config.PUBLIC_URL);
  app.get('/robots.txt', NO_RATE_LIMIT, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );
}
