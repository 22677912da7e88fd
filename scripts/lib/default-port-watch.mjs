// `npm test` must pass beside a running `npm start`, which holds the default addresses (the store,
// the two provider sandboxes, the Auth emulator) and writes its queues under the Redis prefix
// `shop`. For the whole run, each default port that is free is held by a stand-in that answers every
// request wrongly and notes it; the run fails when any was asked, or when something new appeared
// under `shop:` (docs/testing.md, "Hermetic ports").
import http from 'node:http';

/** `npm start`'s addresses: PORT's default, PRINTFUL_SANDBOX_API_URL, STRIPE_SANDBOX_API_URL, the Auth emulator. */
const DEFAULT_PORTS = [3000, 3101, 3102, 3103, 9099];
/** QUEUE_PREFIX's default (shared/src/server/config). */
const DEFAULT_QUEUE_PREFIX = 'shop';

/** A server on `port` answering 418 to anything, or null when something else holds the port. */
function standIn(port, asked) {
  const server = http.createServer((req, res) => {
    asked.push(`${port}: ${req.method} ${req.url}`);
    res.writeHead(418, { 'content-type': 'application/json' });
    res.end('{"error":{"code":"internal","message":"a default address was asked"}}');
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Holds the free default ports until `close()`. `taken` lists those another program holds (a running
 * `npm start`): they cannot be watched, and that program may write under `shop:` itself.
 */
export async function watchDefaultPorts(ports = DEFAULT_PORTS) {
  const asked = [];
  const servers = await Promise.all(ports.map((port) => standIn(port, asked)));
  return {
    asked,
    taken: ports.filter((_, i) => !servers[i]),
    close: () => Promise.all(servers.map((s) => s && new Promise((resolve) => s.close(resolve)))),
  };
}

/** Keys under the default queue prefix, sorted; compared before and after the run. */
export async function defaultPrefixKeys(redis) {
  return (await redis.keys(`${DEFAULT_QUEUE_PREFIX}:*`)).sort();
}

/** What the run did to `npm start`'s addresses, as lines for the summary; empty when nothing. */
export function defaultAddressFindings({ asked, taken }, keysBefore, keysAfter) {
  const findings = asked.map((line) => `a test asked a default port: ${line}`);
  // With a store running beside the run, its own worker writes under `shop:`.
  if (taken.length === 0) {
    const before = new Set(keysBefore);
    for (const key of keysAfter) if (!before.has(key)) findings.push(`a test wrote under the prefix shop: ${key}`);
  }
  return findings;
}
