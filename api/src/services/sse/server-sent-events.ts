import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, MESSAGES, STREAM_CAPACITY_RETRY_AFTER_S, STREAM_PER_CLIENT_RETRY_AFTER_S } from '@shop/shared';

// Server-Sent Events over a hijacked reply: named events with JSON data, a comment every 15 s so
// that proxies and browsers keep an idle stream open, and clean-up when either side closes.
// A registry per route plugin ends open streams when the app shuts down, so a graceful stop does
// not wait for browsers to hang up. A registry can cap the streams open at once, overall and per
// client, since each holds a socket (and a file descriptor) for as long as the client wants.
// Writes respect back-pressure: while a slow client has not drained what was written, only the
// newest event waits for it (a newer snapshot replaces an older one), so a stalled reader never
// makes the process buffer event after event.

export const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** Sends one event; `data` is JSON text or a value to serialise. */
  send(event: string, data: string | unknown, id?: string): void;
  close(): void;
  readonly closed: boolean;
  /** Runs `cleanup` once when the stream closes, whoever closes it (client, server, shutdown). */
  onClose(cleanup: () => void): void;
}

export interface StreamLimits {
  /** Streams open at once in this process, all clients together. */
  maxOpen: number;
  /** Streams one client (address) may hold open at once. */
  maxPerClient: number;
  /** What a refusal says, when the streams are not the live catalogue's. */
  messages?: { perClient: (max: number) => string; atCapacity: string };
}

export class EventStreams {
  private readonly open = new Set<EventStream>();
  private readonly perClient = new Map<string, number>();

  constructor(private readonly limits: StreamLimits = { maxOpen: Infinity, maxPerClient: Infinity }) {}

  get openCount(): number {
    return this.open.size;
  }

  /**
   * Starts the stream, keeping the reply's headers set so far (CORS, security). Above the caps it
   * throws before anything is sent, so the error handler answers 429 (this client) or 503 (full).
   */
  start(reply: FastifyReply, client = ''): EventStream {
    const held = this.perClient.get(client) ?? 0;
    // Both refusals say when to look again (Retry-After, docs/limits.md), like every other limit.
    const messages = this.limits.messages ?? {
      perClient: MESSAGES.streamPerClientLimit,
      atCapacity: MESSAGES.streamsAtCapacity,
    };
    if (held >= this.limits.maxPerClient)
      throw Object.assign(new AppError('resource-exhausted', messages.perClient(this.limits.maxPerClient)), {
        retryAfterSeconds: STREAM_PER_CLIENT_RETRY_AFTER_S,
      });
    if (this.open.size >= this.limits.maxOpen)
      throw Object.assign(new AppError('unavailable', messages.atCapacity), {
        retryAfterSeconds: STREAM_CAPACITY_RETRY_AFTER_S,
      });
    this.perClient.set(client, held + 1);
    reply.hijack();
    const res = reply.raw;
    // A route's own cache rule (private, no-store for data about people) stays; none, no-cache.
    const cacheControl = reply.getHeader('cache-control');
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': `${typeof cacheControl === 'string' ? cacheControl : 'no-cache'}, no-transform`,
      connection: 'keep-alive',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    // Browsers reconnect after this many ms; the SPA applies its own backoff on top.
    res.write('retry: 1000\n\n');

    let closed = false;
    const cleanups: Array<() => void> = [];
    /** The newest event not yet written because the client has not drained the last write. */
    let waiting: string | null = null;
    const write = (text: string) => {
      if (res.writableNeedDrain) waiting = text;
      else res.write(text);
    };
    res.on('drain', () => {
      if (waiting === null || closed) return;
      const text = waiting;
      waiting = null;
      res.write(text);
    });
    const heartbeat = setInterval(() => {
      if (!res.writableNeedDrain) res.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    const stream: EventStream = {
      send(event, data, id) {
        if (closed) return;
        const json = typeof data === 'string' ? data : JSON.stringify(data);
        write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${json}\n\n`);
      },
      close: () => finish(true),
      get closed() {
        return closed;
      },
      onClose(cleanup) {
        if (closed) cleanup();
        else cleanups.push(cleanup);
      },
    };
    const finish = (endResponse: boolean) => {
      if (closed) return;
      closed = true;
      waiting = null;
      clearInterval(heartbeat);
      this.open.delete(stream);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
      if (endResponse) res.end();
      for (const cleanup of cleanups) cleanup();
    };
    // 'close' on the response: the client went away or the stream was ended.
    res.on('close', () => finish(false));
    res.on('error', () => finish(false));
    this.open.add(stream);
    return stream;
  }

  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }
}

/** The registry of one route plugin: its streams end when the app starts closing. */
export function routeEventStreams(app: FastifyInstance, limits?: StreamLimits): EventStreams {
  const streams = new EventStreams(limits);
  app.addHook('preClose', async () => streams.closeAll());
  return streams;
}
