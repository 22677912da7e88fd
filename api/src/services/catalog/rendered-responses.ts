import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Precompressed, sendPrecompressed } from '../http/precompressed.js';

// Rendered JSON answers of the catalogue routes, kept per catalogue version. Shoppers ask for the
// same few pages and searches over and over; each is validated, serialised and hashed once per
// catalogue change instead of once per request, and compressed (brotli or gzip, as each client
// asks) at most once per version too. The ETag is a hash of the body itself, so every
// API replica gives the same answer the same tag and If-None-Match works behind a load balancer.

const MAX_ENTRIES = 1_000;
/**
 * Every search text is a key of its own, so the answers kept are bounded by memory too: a flood of
 * distinct queries (800 took the API from 161 to 335 MB) evicts old answers instead of growing.
 */
export const RENDERED_RESPONSES_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Memory an answer may hold: its body as a string (up to 2 bytes a character), encoded, and its
 * brotli and gzip copies, made on first demand after the answer is kept. A compressed copy is
 * never larger than the encoded body, so counting each at that size keeps the budget a bound.
 */
function sizeOf(response: RenderedResponse): number {
  return response.body.length * 2 + response.bytes.identity.length * 3;
}

export interface RenderedResponse {
  body: string;
  /** The body encoded once (and compressed on first demand), not once per request. */
  bytes: Precompressed;
  etag: string;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

export function render(value: unknown): RenderedResponse {
  const body = JSON.stringify(value);
  return { body, bytes: new Precompressed(body), etag: etagOf(body) };
}

export class RenderedResponses {
  private version = -1;
  private readonly cache = new Map<string, RenderedResponse>();
  private bytes = 0;

  constructor(private readonly maxBytes = RENDERED_RESPONSES_MAX_BYTES) {}

  /** Memory held by the kept answers. */
  get byteSize(): number {
    return this.bytes;
  }

  /** The answer for `key` at catalogue `version`, rendering it on a miss. */
  get(version: number, key: string, produce: () => RenderedResponse): RenderedResponse {
    if (version !== this.version) {
      this.cache.clear();
      this.bytes = 0;
      this.version = version;
    }
    let hit = this.cache.get(key);
    if (!hit) {
      hit = produce();
      const size = sizeOf(hit);
      // An answer larger than the whole budget is served but not kept.
      if (size > this.maxBytes) return hit;
      // Oldest first out: a Map iterates in insertion order.
      while (this.cache.size >= MAX_ENTRIES || this.bytes + size > this.maxBytes) this.evictOldest();
      this.cache.set(key, hit);
      this.bytes += size;
    }
    return hit;
  }

  private evictOldest(): void {
    const [key, oldest] = this.cache.entries().next().value as [string, RenderedResponse];
    this.cache.delete(key);
    this.bytes -= sizeOf(oldest);
  }
}

/** Whether the client's If-None-Match already names this ETag (weak or strong, or `*`). */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Sends a rendered answer with its ETag, or 304 when the client has it. */
export function sendRendered(request: FastifyRequest, reply: FastifyReply, rendered: RenderedResponse): FastifyReply {
  reply.header('ETag', rendered.etag).header('Cache-Control', 'no-cache');
  if (isNotModified(request, rendered.etag)) return reply.status(304).send();
  return sendPrecompressed(request, reply.type('application/json; charset=utf-8'), rendered.bytes);
}
