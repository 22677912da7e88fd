import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Precompressed, sendPrecompressed } from '../http/precompressed.js';

// Rendered JSON answers of the catalogue routes, kept per catalogue version. Shoppers ask for the
// same few pages and searches over and over; each is validated, serialised and hashed once per
// catalogue change instead of once per request, and compressed (brotli or gzip, as each client
// asks) at most once per version too. The ETag is a hash of the body itself, so every
// API replica gives the same answer the same tag and If-None-Match works behind a load balancer.

const MAX_ENTRIES = 1_000;

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

  /** The answer for `key` at catalogue `version`, rendering it on a miss. */
  get(version: number, key: string, produce: () => RenderedResponse): RenderedResponse {
    if (version !== this.version) {
      this.cache.clear();
      this.version = version;
    }
    let hit = this.cache.get(key);
    if (!hit) {
      hit = produce();
      // Oldest first out: a Map iterates in insertion order.
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(key, hit);
    }
    return hit;
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
