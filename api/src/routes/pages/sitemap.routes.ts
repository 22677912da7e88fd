import type { FastifyInstance } from 'fastify';
import { RenderedResponses } from '../../services/catalog/rendered-responses.js';
import { sendPrecompressed } from '../../services/http/precompressed.js';
import { textAnswer } from '../../services/pages/send-page.js';
import { renderSitemap, sitemapEntries } from '../../services/pages/sitemap.js';
import { NO_RATE_LIMIT } from './page-route-config.js';

// Rendered and compressed once per catalogue version: it lists every sellable product.
export default async function sitemapRoute(app: FastifyInstance) {
  const rendered = new RenderedResponses();
  app.get('/sitemap.xml', NO_RATE_LIMIT, async (request, reply) => {
    await app.catalog.ready();
    const answer = rendered.get(app.catalog.version, 'sitemap.xml', () =>
      textAnswer(
        renderSitemap(
          sitemapEntries({
            posts: app.blog.all(),
            products: app.catalog.activeProducts(),
          }),
          app.config.PUBLIC_URL,
        ),
      ),
    );
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8');
    return sendPrecompressed(request, reply, answer.bytes);
  });
}
