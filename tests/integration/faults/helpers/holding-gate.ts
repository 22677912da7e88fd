import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A pass-through proxy in front of a provider sandbox that holds every request until released,
// like a provider having a slow moment. A test can then act while a known number of API requests
// are certainly mid-flight (waiting on the provider), instead of hoping a sleep lands there.

export interface HoldingGate {
  url: string;
  /** Requests that arrived and are waiting for release. */
  held(): number;
  /** Forwards every held request, and from now on each new one at once. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingGate(target: string): Promise<HoldingGate> {
  const targetUrl = new URL(target);
  let open = false;
  const waiting: Array<() => void> = [];

  function pass(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const upstream = forward(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: targetUrl.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (open) pass(req, res, body);
    else waiting.push(() => pass(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    held: () => waiting.length,
    release() {
      open = true;
      for (const resume of waiting.splice(0)) resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
