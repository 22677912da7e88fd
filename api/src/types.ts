// What the API decorates onto Fastify. Route plugins (routes/<area>/index.ts) rely on these.
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Config } from '@shop/shared/server/config';
import type { DocumentStore } from '@shop/shared/server/store';
import type { ShopEvent } from '@shop/shared/server/events';

export type Identity =
  | { kind: 'user'; uid: string; email: string | null; isAdmin: boolean; claims: Record<string, unknown>; user: Record<string, unknown> }
  | { kind: 'guest'; guestId: string }
  | { kind: 'anonymous' };

export interface Queues {
  productSync: Queue;
  orders: Queue;
  notifications: Queue;
  maintenance: Queue;
}

/** In-process fan-out of Redis `events` to SSE streams and the read model. */
export interface EventBus {
  subscribe(listener: (event: ShopEvent) => void): () => void;
  publish(event: ShopEvent): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: DocumentStore;
    redis: Redis;
    queues: Queues;
    eventBus: EventBus;
    /** preHandler: 401 unless a valid ID token is sent. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 signed out, 403 not admin (spec section 6). */
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory catalogue read model (services/catalog): list, search and lookups. */
    catalog: import('./services/catalog/catalog-read-model.js').CatalogReadModel;
  }
}
