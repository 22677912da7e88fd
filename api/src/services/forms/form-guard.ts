import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { AppError, COOKIE_LIFETIME_DEFAULT_DAYS, GUEST_ID_COOKIE, MESSAGES } from '@shop/shared';
import { isGuestId, newGuestId } from '@shop/shared/domain/identity';
import type { CartKey } from '@shop/shared/server/cart';
import { isSiteOrigin } from '../../plugins/site-origin.js';

// What every form of the server-rendered pages goes through before its handler: the body parsed
// from `application/x-www-form-urlencoded` (or JSON, read the same way), the request proven to
// come from this site's own pages, and the guest's cart identity read from (or given in) its
// first-party cookie. The JSON API never reads that cookie: a cookie is sent by the browser on
// its own, so only these same-origin-checked posts and the shopper's own cart page use it.

/** A form's fields are a few short values; anything bigger is not one of this site's forms. */
export const FORM_BODY_LIMIT_BYTES = 8 * 1024;
const DAY_SECONDS = 86_400;

/** Parses form bodies for the routes of `app` (an encapsulated plugin's instance). */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      // A repeated field keeps its first value: no form of this site sends one twice.
      for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
      done(null, fields);
    },
  );
}

/**
 * 403 unless the browser says the post comes from one of this site's pages: the Origin header it
 * sends with every form post, or, where a privacy setting withholds it, Sec-Fetch-Site. A cookie
 * identity must never be usable from another site's form (cross-site request forgery).
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') {
    if (isSiteOrigin(publicUrl, origin)) return;
  } else if (request.headers['sec-fetch-site'] === 'same-origin') return;
  throw new AppError('permission-denied', MESSAGES.crossSiteForm);
}

/** The guest id in the request's cookie, or null when there is none (or it is malformed). */
export function guestIdCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const value = fastifyCookie.parse(header)[GUEST_ID_COOKIE];
  return isGuestId(value) ? value.toLowerCase() : null;
}

/** Readable by the page's script (the app adopts it), sent with same-site navigations only. */
export function guestCookieOptions(publicUrl: string) {
  return {
    path: '/',
    sameSite: 'lax',
    secure: new URL(publicUrl).protocol === 'https:',
    httpOnly: false,
    maxAge: COOKIE_LIFETIME_DEFAULT_DAYS * DAY_SECONDS,
  } as const;
}

/**
 * The cart a form changes: the guest's from the cookie, or a new guest's, whose id is set in the
 * cookie of this answer (and renewed on every post, so an active cart keeps its identity).
 */
export function formCartKey(request: FastifyRequest, reply: FastifyReply, publicUrl: string): CartKey {
  const guestId = guestIdCookie(request) ?? newGuestId();
  reply.header('set-cookie', fastifyCookie.serialize(GUEST_ID_COOKIE, guestId, guestCookieOptions(publicUrl)));
  return { kind: 'guest', guestId };
}

/** 303 See Other: the browser follows with a GET of the page that shows the result. */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(location, 303);
}
