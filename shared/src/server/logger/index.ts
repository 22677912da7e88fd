import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config/index.js';

// The one logger set-up for the api and the worker: the configured level, secrets never written,
// and pretty lines in a developer's terminal (JSON everywhere else, for the log collector).

/**
 * Secrets that travel in addresses (docs/rules.md#money-and-abuse): path segments after these
 * prefixes (the Printful webhook's token, team-order links, cart-restore links) and these query
 * parameters (the order link's key, the password reset's oobCode, restore and unsubscribe
 * tokens, a one-time code). Matched anywhere in a string, so a URL inside an error message is
 * cleaned as well as the request's own.
 */
const SECRET_PATH_SEGMENT =
  /((?:\/webhooks\/printful|\/team-orders\/link|\/store\/team|\/store\/cart\/restore|\/cart-restore)\/)(?!start(?:[/?#"'\s]|$)|lead\/)[^/?#\s"']+/gi;
const SECRET_QUERY_PARAM = /([?&](?:key|oobCode|token|code|apiKey)=)[^&#\s"']*/gi;

/** Headers that carry credentials: removed from every logged request. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers["stripe-signature"]', 'req.headers.cookie'];

/** What a logged request shows (Fastify's request shape, without depending on Fastify here). */
interface LoggedRequest {
  method: string;
  url: string;
  host: string;
  ip: string;
  socket?: { remotePort?: number };
}

/** A URL as it may appear in a log line. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH_SEGMENT, '$1[redacted]').replace(SECRET_QUERY_PARAM, '$1[redacted]');
}

/** An error as logged: pino's own shape, with every address in its message and stack cleaned. */
function redactedError(error: unknown) {
  const logged = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  for (const field of ['message', 'stack'] as const) {
    if (typeof logged?.[field] === 'string') logged[field] = redactUrl(logged[field]);
  }
  return logged;
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): LoggerOptions {
  const pretty = process.stdout.isTTY && config.NODE_ENV !== 'production';
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, remove: true },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: redactedError,
      error: redactedError,
    },
    // A message that names an address (Fastify's "Route GET:/store/team/<token> not found") is cleaned too.
    hooks: {
      logMethod(args, method) {
        const cleaned = args.map((arg) => (typeof arg === 'string' ? redactUrl(arg) : arg));
        return method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/** A process's root logger, naming the service on every line. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, service: string): Logger {
  return pino(loggerOptions(config)).child({ service });
}
