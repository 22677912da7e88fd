import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { isConsentValue, STORAGE_KEYS } from '@shop/shared';
import { etagOf, isNotModified, type RenderedResponse } from '../catalog/rendered-responses.js';
import { addVary, Precompressed, sendPrecompressed } from '../http/precompressed.js';

/** A text body (a page, the sitemap, the feed) kept with its ETag and compressed at most once. */
export function textAnswer(text: string): RenderedResponse {
  return { body: text, bytes: new Precompressed(text), etag: etagOf(text) };
}

/**
 * Whether the visitor has answered the cookie banner: the consent cookie the SPA writes holds
 * 'accepted' or 'declined'. Anything else is a first visit, for which the page is sent with the
 * banner in it.
 */
export function hasConsentCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return header !== undefined && isConsentValue(fastifyCookie.parse(header)[STORAGE_KEYS.cookieConsent]);
}

/** Answers a page: revalidated on every visit, 304 when the browser's copy is current. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedResponse,
  status = 200,
): FastifyReply {
  reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
  // The page differs with the consent cookie (the banner), so a shared cache must key on it.
  addVary(reply, 'Cookie');
  if (status === 200) {
    reply.header('ETag', page.etag);
    if (isNotModified(request, page.etag)) return reply.status(304).send();
  }
  return sendPrecompressed(request, reply.status(status), page.bytes);
}
