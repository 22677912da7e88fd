import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PasswordResets } from './password-resets.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Forgot password?": the per-address budget and the e-mail's job. */
    passwordResets: PasswordResets;
  }
}

async function accountPlugin(app: FastifyInstance) {
  app.decorate(
    'passwordResets',
    new PasswordResets({ queues: app.queues, redis: app.redis, prefix: app.config.QUEUE_PREFIX }),
  );
}

export default fp(accountPlugin, { name: 'account', dependencies: ['infrastructure'] });
