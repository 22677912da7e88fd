import { createHash, timingSafeEqual } from 'node:crypto';

// Secrets a caller presents (the metrics bearer token, the Printful webhook's path token) are
// compared in constant time, and as digests so that their length does not show either.

/** Whether `candidate` is `expected`, in constant time. */
export function secretMatches(candidate: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(candidate), digest(expected));
}

/** Whether an Authorization header is `Bearer <expected>` (the scheme in any case). */
export function bearerMatches(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match !== null && secretMatches(match[1], expected);
}
