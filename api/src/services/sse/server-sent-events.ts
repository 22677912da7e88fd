import type { FastifyInstance, FastifyReply } from 'fastify';

// Server-Sent Events over a hijacked reply: named events with JSON data, a comment every 15 s so
// that proxies and browsers keep an idle stream open, and clean-up when either side closes.
// A registry per route plugin ends open streams when the app shuts down, so a graceful stop does
// not wait for browsers to hang up.

export const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** Sends one event; `data` is JSON text or a value to serialise. */
  send(event: string, data: string | unknown, id?: string): void;
  close(): void;
  readonly closed: boolean;
  /** Runs `cleanup` once when the stream closes, whoever closes it (client, server, shutdown). */
  onClose(cleanup: () => void): void;
}

export class EventStreams {
  private readonly open = new Set<EventStream>();

  /** Starts the stream, keeping the reply's headers set so far (CORS, security). */
  start(reply: FastifyReply): EventStream {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    // Browsers reconnect after this many ms; the SPA applies its own backoff on top.
    res.write('retry: 1000\n\n');

    let closed = false;
    const cleanups: Array<() => void> = [];
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const stream: EventStream = {
      send(event, data, id) {
        if (closed) return;
        const json = typeof data === 'string' ? data : JSON.stringify(data);
        res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${json}\n\n`);
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
      clearInterval(heartbeat);
      this.open.delete(stream);
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
export function routeEventStreams(app: FastifyInstance): EventStreams {
  const streams = new EventStreams();
  app.addHook('preClose', async () => streams.closeAll());
  return streams;
}
