import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// OpenAPI generated from the routes' zod schemas, browsable at /api/docs.
async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Studio shop API',
        version: '1.0.0',
        description: 'Catalogue, cart, checkout, orders, admin sync and content.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Firebase ID token' },
          guest: { type: 'apiKey', in: 'header', name: 'X-Guest-Id', description: 'guest-<uuid v4>' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openapi, { name: 'openapi' });
