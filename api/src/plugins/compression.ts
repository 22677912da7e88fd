import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '@shop/shared';

// Every text answer over 1 KB leaves compressed (docs/rules.md#bytes-and-budgets). Answers that are sent
// many times (catalogue JSON, page HTML, built assets) arrive here already compressed, once, and
// pass through untouched; this compresses the rest (blog posts, carts, orders) per request, with
// a fast brotli level, since each is sent to one client.
async function compression(app: FastifyInstance) {
  // Admin answers go to one operator and stay uncompressed: compressing them changed the timing
  // of the admin's sync screen against its event stream (tests/e2e/store.test.ts).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/admin')) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export default fp(compression, { name: 'compression' });
