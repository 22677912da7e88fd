import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoleSchema, welcomeAcceptedSchema } from '@shop/shared/schemas';

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

  // POST /api/account/welcome: the SPA asks right after sign-up; the e-mail goes once per account,
  // however often it is asked (docs/rules.md#the-signed-in-shopper).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/welcome',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: 'Send the new account its welcome e-mail (once per account)',
        response: { 202: welcomeAcceptedSchema },
      },
    },
    async (request, reply) => {
      const id = await request.identity();
      const queued = id.kind === 'user' ? await app.welcomeEmails.welcome(id.uid, id.email, request.log) : false;
      return reply.status(202).header('cache-control', 'no-store').send({ queued });
    },
  );
}
