import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoleSchema } from '@shop/shared/schemas';

// GET /api/account/role: whether the signed-in caller is an admin, decided exactly as every admin
// route decides it (the `admin` claim or `users/{uid}.isAdmin`, docs/admin.md). The SPA asks it to
// offer "Admin" in the account menu and to land an admin on /admin after sign-in; a token's claim
// alone would miss an admin made by the user document.
export default async function accountRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/role',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Whether the signed-in caller is an admin (claim or user document)',
        response: { 200: accountRoleSchema },
      },
    },
    async (request, reply) => {
      const id = await request.identity();
      return reply.header('cache-control', 'private, no-store').send({ admin: id.kind === 'user' && id.isAdmin });
    },
  );
}
