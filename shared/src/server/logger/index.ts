import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config/index.js';

// The one logger set-up for the api and the worker: the configured level, secrets never written,
// and pretty lines in a developer's terminal (JSON everywhere else, for the log collector).

/** The Printful webhook's secret token is a path segment (docs/contracts.md#http-api): logs never show it. */
const PRINTFUL_WEBHOOK_TOKEN_IN_PATH = /(\/webhooks\/printful\/)[^/?#]*/gi;

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
  return url.replace(PRINTFUL_WEBHOOK_TOKEN_IN_PATH, '$1[redacted]');
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
