import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from '@shop/shared';

// A body compressed once and sent many times: the catalogue's answers (once per catalogue version)
// and the pages' HTML. Compressing per request would cost more CPU than rendering them did.

export type ContentEncoding = 'br' | 'gzip';

/** A body and its encodings, each made on first use and then kept. */
export class Precompressed {
  readonly identity: Buffer;
  private br?: Buffer;
  private gzip?: Buffer;

  constructor(body: Buffer | string) {
    this.identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  }

  get compressible(): boolean {
    return this.identity.length >= COMPRESS_THRESHOLD_BYTES;
  }

  encoded(encoding: ContentEncoding): Buffer {
    if (encoding === 'br') {
      // Quality 9, not the maximum 11: nearly the same size in a fraction of the time, and a
      // catalogue change re-renders many answers at once.
      this.br ??= brotliCompressSync(this.identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
      });
      return this.br;
    }
    this.gzip ??= gzipSync(this.identity, { level: 9 });
    return this.gzip;
  }
}

/** The encoding the client accepts that we prefer (brotli, then gzip), honouring q=0. */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: ContentEncoding) => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** Sends the best encoding of the body for this request, with Content-Encoding and Vary. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed): FastifyReply {
  if (!body.compressible) return reply.send(body.identity);
  addVary(reply, 'Accept-Encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.identity);
  return reply.header('Content-Encoding', encoding).send(body.encoded(encoding));
}

/** Adds a field to Vary, keeping what CORS (Origin) or others put there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  const fields = String(current ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return;
  reply.header('Vary', [...fields, field].join(', '));
}
