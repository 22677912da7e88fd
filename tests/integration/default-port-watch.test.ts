import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper shared with the start script (node built-ins only)
import { freePort } from '../../scripts/lib/services.mjs';
import { defaultAddressFindings, watchDefaultPorts } from '../../scripts/lib/default-port-watch.mjs';

// `npm test` holds npm start's default ports for its whole run with stand-ins and fails the run when
// a test asked one or wrote under the prefix `shop` (scripts/test.mjs). This is that watch, on free
// ports of its own so that it never meets the run's.

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe("the run's watch on npm start's addresses", () => {
  it('answers a request to a watched port wrongly, and names it as a finding that fails the run', async () => {
    const port = await freePort();
    const watch = await watchDefaultPorts([port]);
    closers.push(watch.close);
    const answer = await fetch(`http://127.0.0.1:${port}/api/products?x=1`);
    expect(answer.status).toBe(418);
    expect(defaultAddressFindings(watch, [], [])).toEqual([
      `a test asked a default port: ${port}: GET /api/products?x=1`,
    ]);
  });

  it('finds nothing when nobody asked and nothing new is under shop:', async () => {
    const watch = await watchDefaultPorts([await freePort()]);
    closers.push(watch.close);
    expect(defaultAddressFindings(watch, ['shop:a'], ['shop:a'])).toEqual([]);
    expect(defaultAddressFindings(watch, ['shop:a'], ['shop:a', 'shop:orders:id'])).toEqual([
      'a test wrote under the prefix shop: shop:orders:id',
    ]);
  });

  it('leaves a port another program holds alone, and then does not count its writes under shop:', async () => {
    const port = await freePort();
    const other = http.createServer((_req, res) => res.end('running store'));
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => other.close(resolve)));
    const watch = await watchDefaultPorts([port]);
    closers.push(watch.close);
    expect(watch.taken).toEqual([port]);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('running store');
    expect(defaultAddressFindings(watch, [], ['shop:bull:product-sync:1'])).toEqual([]);
  });
});
