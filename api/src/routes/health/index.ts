import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@shop/shared';
import { errorBody } from '../../plugins/error-handler.js';

const CHECK_TIMEOUT_MS = 1500;

async function check(run: () => Promise<unknown>): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (e) {
    return (e as Error).message || 'failed';
  } finally {
    clearTimeout(timer);
  }
}

// Liveness stays 200 while the process runs; readiness names each dependency that fails.
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));

  app.get('/ready', { config: { rateLimit: false } }, async (_request, reply) => {
    const [store, redis] = await Promise.all([check(() => app.pingStore()), check(() => app.pingRedis())]);
    const checks = { store, redis };
    const failing = Object.entries(checks).filter(([, v]) => v !== 'ok');
    if (failing.length === 0) return { status: 'ready', checks };
    const names = failing.map(([name, reason]) => `${name === 'redis' ? 'Redis' : 'document store'} (${reason})`);
    const message = `Not ready: ${names.join(', ')} unavailable`;
    return reply.status(503).send({ ...errorBody('unavailable', message || MESSAGES.storeUnavailable), checks });
  });
}
