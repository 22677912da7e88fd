import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { AppError, MESSAGES } from '@shop/shared';
import { isGuestId } from '@shop/shared/domain/identity';
import { COLLECTIONS, getDoc } from '@shop/shared/server/collections';

export type Identity =
  | {
      kind: 'user';
      uid: string;
      email: string | null;
      isAdmin: boolean;
      claims: Record<string, unknown>;
      user: Record<string, unknown>;
    }
  | { kind: 'guest'; guestId: string }
  | { kind: 'anonymous' };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless a valid ID token is sent. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 signed out, 403 not admin (docs/rules.md#roles-and-permissions). */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a signed-in user or a well-formed guest id; 401 when neither is sent. */
    requireShopper: (request: FastifyRequest) => Promise<void>;
    /** A Firebase session cookie for a verified ID token, valid for `expiresInMs`. */
    createSessionCookie: (idToken: string, expiresInMs: number) => Promise<string>;
    /** This request's identity comes from a session cookie (verified on first use) instead of headers. */
    useSessionCookie: (request: FastifyRequest, cookie: string) => void;
  }
  interface FastifyRequest {
    /** Resolved once per request from Authorization / X-Guest-Id (400 for a malformed guest id). */
    identity: () => Promise<Identity>;
  }
}

// Identity (docs/contracts.md#identity): Firebase ID tokens verified by firebase-admin (the Auth emulator
// in the embedded default and tests, the very same code path), or a guest id header.
// The emulator accepts unsigned tokens, so there a token's own claims prove nothing: who the caller
// is and whether they are an admin come from the emulator's record of the account instead.

const TOKEN_CACHE_MS = 60_000;
const TOKEN_CACHE_MAX = 10_000;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('unauthenticated', MESSAGES.invalidToken);
  return match[1];
}

/** The X-Guest-Id header: null when absent, 400 when malformed. */
export function guestIdFrom(request: FastifyRequest): string | null {
  const raw = request.headers['x-guest-id'];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!isGuestId(value)) throw new AppError('invalid-argument', MESSAGES.invalidGuestId);
  return value.toLowerCase();
}

async function identityPlugin(app: FastifyInstance) {
  const { config } = app;
  // firebase-admin reads the emulator address from the environment only.
  if (config.FIREBASE_AUTH_EMULATOR_HOST) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
  const firebase: App = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, `api-${randomUUID()}`);
  const auth = getAuth(firebase);
  const emulated = Boolean(config.FIREBASE_AUTH_EMULATOR_HOST);
  // Verification with the revocation check costs a round trip; a short cache keeps hot paths fast.
  const verified = new Map<string, { token: DecodedIdToken; until: number }>();

  /** With the emulator: the token's claims replaced by the account's own record. */
  async function trusted(decoded: DecodedIdToken): Promise<DecodedIdToken> {
    if (!emulated) return decoded;
    const record = await auth.getUser(decoded.uid);
    return {
      ...decoded,
      admin: undefined,
      ...record.customClaims,
      email: record.email,
      email_verified: record.emailVerified,
    };
  }

  async function verify(token: string): Promise<DecodedIdToken> {
    const hit = verified.get(token);
    if (hit && hit.until > Date.now()) return hit.token;
    try {
      const decoded = await trusted(await auth.verifyIdToken(token, true));
      if (verified.size >= TOKEN_CACHE_MAX) verified.clear();
      verified.set(token, { token: decoded, until: Math.min(Date.now() + TOKEN_CACHE_MS, decoded.exp * 1000) });
      return decoded;
    } catch (e) {
      app.log.debug({ reason: (e as { code?: string }).code }, 'ID token rejected');
      throw new AppError('unauthenticated', MESSAGES.invalidToken);
    }
  }

  async function userIdentity(request: FastifyRequest, decoded: DecodedIdToken): Promise<Identity> {
    let user: { isAdmin?: boolean } = {};
    try {
      // An unreadable document (isAdmin not a boolean) throws here and so counts as not admin.
      user = (await getDoc(app.store, COLLECTIONS.users, decoded.uid)) ?? {};
    } catch (e) {
      // docs/rules.md#roles-and-permissions: a failed user lookup means not admin.
      request.log.warn({ err: e }, 'user document lookup failed');
    }
    const isAdmin = decoded.admin === true || user.isAdmin === true;
    return {
      kind: 'user',
      uid: decoded.uid,
      email: decoded.email ?? null,
      isAdmin,
      claims: decoded as unknown as Record<string, unknown>,
      user: {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified ?? false,
        ...user,
        isAdmin,
      },
    };
  }

  async function resolve(request: FastifyRequest): Promise<Identity> {
    const token = bearerToken(request);
    if (token) return userIdentity(request, await verify(token));
    const guestId = guestIdFrom(request);
    if (guestId) return { kind: 'guest', guestId };
    return { kind: 'anonymous' };
  }

  app.decorateRequest('identity', function (this: FastifyRequest) {
    throw new Error('identity() is installed per request');
  });
  app.addHook('onRequest', async (request) => {
    let memo: Promise<Identity> | null = null;
    request.identity = () => (memo ??= resolve(request));
  });

  // The queue dashboard's session (plugins/queue-dashboard.ts): a Firebase session cookie made from
  // a verified ID token, checked (signature, expiry, revocation) on every use.
  app.decorate('createSessionCookie', (idToken: string, expiresInMs: number) =>
    auth.createSessionCookie(idToken, { expiresIn: expiresInMs }),
  );
  app.decorate('useSessionCookie', (request: FastifyRequest, cookie: string) => {
    let memo: Promise<Identity> | null = null;
    request.identity = () =>
      (memo ??= (async () => {
        let decoded: DecodedIdToken;
        try {
          decoded = await trusted(await auth.verifySessionCookie(cookie, true));
        } catch (e) {
          request.log.debug({ reason: (e as { code?: string }).code }, 'session cookie rejected');
          throw new AppError('unauthenticated', MESSAGES.invalidToken);
        }
        return userIdentity(request, decoded);
      })());
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const id = await request.identity();
    if (id.kind !== 'user') throw new AppError('unauthenticated', MESSAGES.unauthenticated);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const id = await request.identity();
    if (id.kind !== 'user') throw new AppError('unauthenticated', MESSAGES.unauthenticated);
    if (!id.isAdmin) throw new AppError('permission-denied', MESSAGES.adminOnly);
  });
  app.decorate('requireShopper', async (request: FastifyRequest) => {
    const id = await request.identity();
    if (id.kind === 'anonymous') throw new AppError('unauthenticated', MESSAGES.noIdentity);
  });

  app.addHook('onClose', async () => {
    await deleteApp(firebase);
  });
}

export default fp(identityPlugin, { name: 'identity', dependencies: ['infrastructure'] });
