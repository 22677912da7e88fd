import { loadConfigOrExit } from '@shop/shared/server/config';
import { buildApp } from './app.js';

// Process entry: build, listen, and shut down gracefully (stop accepting, finish requests, close).
const config = loadConfigOrExit();
const app = await buildApp({ config });
const SHUTDOWN_GRACE_MS = 10_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('graceful shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  await app.close();
  process.exit(0);
}
// close() waits for every keep-alive connection to end, but only those idle when it starts are
// closed (fastify/fastify#7044): one busy at that moment would then idle until keepAliveTimeout
// (72 s), past the grace period. So while closing, each response says `Connection: close` and
// every connection is let go as soon as its last response has gone out.
app.addHook('onSend', async (_request, reply) => {
  if (closing) reply.header('connection', 'close');
});
app.addHook('onResponse', async () => {
  if (closing) app.server.closeIdleConnections();
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE') {
    console.error(`Port ${config.PORT} is already in use: is another copy of the store running? Stop it or set PORT.`);
  } else {
    console.error(err);
  }
  process.exit(1);
}
