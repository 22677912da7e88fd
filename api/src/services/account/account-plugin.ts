import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PasswordResets } from './password-resets.js';
import { WelcomeEmails } from './welcome-emails.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Forgot password?": the per-address budget and the e-mail's job. */
    passwordResets: PasswordResets;
    /** The welcome e-mail after sign-up, once per account. */
    welcomeEmails: WelcomeEmails;
  }
}

async function accountPlugin(app: FastifyInstance) {
  app.decorate(
    'passwordResets',
    new PasswordResets({ queues: app.queues, redis: app.redis, prefix: app.config.QUEUE_PREFIX }),
  );
  app.decorate('welcomeEmails', new WelcomeEmails({ queues: app.queues, store: app.store }));
}

export default fp(accountPlugin, { name: 'account', dependencies: ['infrastructure'] });
