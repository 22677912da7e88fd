import net, { type Socket } from 'node:net';

// A TCP proxy in front of a Redis that can be made to hang: connections stay open and accepted,
// but nothing reaches Redis and nothing comes back, as when Redis stalls (a long-running script,
// a paused or swapped-out server, a half-dead network path). The machine's Redis is never paused.

export interface HangingRedisProxy {
  url: string;
  /** From now on, every byte in either direction is swallowed; connections stay open. */
  hang(): void;
  /** Drops the hung connections (the clients reconnect) and forwards again. */
  recover(): void;
  close(): Promise<void>;
}

export async function startHangingRedisProxy(redisUrl: string): Promise<HangingRedisProxy> {
  const target = new URL(redisUrl);
  const pairs = new Set<[Socket, Socket]>();
  let hung = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', (chunk) => {
      if (!hung) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!hung) client.write(chunk);
    });
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const path = target.pathname && target.pathname !== '/' ? target.pathname : '';
  return {
    url: `redis://127.0.0.1:${port}${path}`,
    hang: () => {
      hung = true;
    },
    recover: () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      hung = false;
    },
    close: async () => {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
