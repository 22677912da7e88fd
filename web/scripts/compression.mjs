// How the build compresses its files (compress-assets.mjs), and so what the server sends for each
// (bundle-budget.mjs weighs exactly that). Node built-ins only.
import { brotliCompressSync, constants } from 'node:zlib';

/** Below this size compression saves less than it costs (docs/rules.md#bytes-and-budgets: over 1 KB): sent as is. */
export const THRESHOLD = 1024;

export function brotli(body) {
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/** The bytes a browser that accepts brotli receives for a built file of this content. */
export function servedBytes(body) {
  return body.length < THRESHOLD ? body.length : brotli(body).length;
}
