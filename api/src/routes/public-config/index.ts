import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '@shop/shared/schemas';
import { studioTimeZone } from '@shop/shared/domain/time';
import { cookieProbeOrigins, providerModes } from '@shop/shared/server/config';

// What the SPA needs to know at run time and may know publicly: where sign-in happens and whether
// payments and products come from the sandboxes. Nothing secret is ever read here.

export default async function publicConfigRoutes(app: FastifyInstance) {
  const { config } = app;
  const modes = providerModes(config);
  const body: PublicConfig = {
    firebase: {
      projectId: config.FIREBASE_PROJECT_ID,
      apiKey: config.FIREBASE_WEB_API_KEY,
      authEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    },
    stripe: { publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null, sandbox: modes.stripe === 'sandbox' },
    printful: { sandbox: modes.printful === 'sandbox' },
    cookieProbeOrigins: cookieProbeOrigins(config.COOKIE_PROBE_ORIGIN, config.PUBLIC_URL),
    // The admin's pages format every time in the studio's zone; without it the browser would fall
    // back to the default zone whatever STUDIO_TIMEZONE says.
    studioTimeZone: studioTimeZone(config),
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/public',
    {
      schema: {
        tags: ['config'],
        summary: 'Public client configuration (sign-in, payment and product modes)',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(body),
  );
}
