import type { FastifyRequest } from 'fastify';

/** Who did an admin action, for the logs: the admin's e-mail, else their uid. */
export async function adminActor(request: FastifyRequest): Promise<string> {
  const identity = await request.identity();
  return identity.kind === 'user' ? (identity.email ?? identity.uid) : 'unknown';
}
