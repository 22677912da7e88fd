import { z } from 'zod';

// Switchable faults (docs/architecture.md#real-parts-and-embedded-defaults, "Provider sandboxes"): forced 429s, 5xx responses,
// slow responses and malformed product bodies. Each limited fault ends after `count` matching
// requests or after `durationMs`, whichever comes first; with neither it lasts until cleared.

const limit = {
  count: z.number().int().positive().optional(),
  durationMs: z.number().int().positive().optional(),
};
const paths = z.array(z.string().startsWith('/')).min(1).optional();

export const faultsRequestSchema = z
  .object({
    rateLimit: z
      .object({
        ...limit,
        retryAfterSec: z.number().int().min(0).max(3600).optional(),
        /** 429, or v1's 419 "rate limited warning" (Printful's Errors list). */
        status: z.union([z.literal(429), z.literal(419)]).optional(),
      })
      .strict()
      .optional(),
    serverError: z
      .object({ ...limit, status: z.number().int().min(500).max(599).default(500), paths })
      .strict()
      .optional(),
    slow: z
      .object({ ...limit, delayMs: z.number().int().min(0).max(120_000), paths })
      .strict()
      .optional(),
    malformed: z
      .object({
        productIds: z.array(z.union([z.number().int(), z.string().regex(/^\d+$/)])).min(1),
        kind: z.enum(['invalid-json', 'missing-fields']).default('missing-fields'),
      })
      .strict()
      .optional(),
    clear: z.boolean().optional(),
  })
  .strict();
export type FaultsRequest = z.input<typeof faultsRequestSchema>;

interface Limited {
  remaining: number | null;
  until: number | null;
  paths: string[] | null;
}
export type MalformedKind = 'invalid-json' | 'missing-fields';

export interface FaultState {
  rateLimit: (Limited & { retryAfterSec: number | null; status: 429 | 419 }) | null;
  serverError: (Limited & { status: number }) | null;
  slow: (Limited & { delayMs: number }) | null;
  malformed: Record<string, MalformedKind>;
}

function limited(input: { count?: number; durationMs?: number; paths?: string[] }, now: number): Limited {
  return {
    remaining: input.count ?? null,
    until: input.durationMs ? now + input.durationMs : null,
    paths: input.paths ?? null,
  };
}

function active(fault: Limited | null, path: string, now: number): boolean {
  if (!fault) return false;
  if (fault.until !== null && now >= fault.until) return false;
  if (fault.remaining !== null && fault.remaining <= 0) return false;
  return fault.paths === null || fault.paths.some((p) => path.startsWith(p));
}

function consume(fault: Limited): void {
  if (fault.remaining !== null) fault.remaining -= 1;
}

export class Faults {
  private current: FaultState = { rateLimit: null, serverError: null, slow: null, malformed: {} };

  /** Applies an admin request; returns the resulting state. */
  apply(input: FaultsRequest, now = Date.now()): FaultState {
    const request = faultsRequestSchema.parse(input);
    if (request.clear) this.clear();
    if (request.rateLimit)
      this.current.rateLimit = {
        ...limited(request.rateLimit, now),
        retryAfterSec: request.rateLimit.retryAfterSec ?? null,
        status: request.rateLimit.status ?? 429,
      };
    if (request.serverError)
      this.current.serverError = { ...limited(request.serverError, now), status: request.serverError.status };
    if (request.slow) this.current.slow = { ...limited(request.slow, now), delayMs: request.slow.delayMs };
    if (request.malformed)
      for (const id of request.malformed.productIds) this.current.malformed[String(id)] = request.malformed.kind;
    return this.snapshot();
  }

  rateLimit(options: NonNullable<FaultsRequest['rateLimit']>): FaultState {
    return this.apply({ rateLimit: options });
  }

  serverError(options: NonNullable<FaultsRequest['serverError']>): FaultState {
    return this.apply({ serverError: options });
  }

  slow(options: NonNullable<FaultsRequest['slow']>): FaultState {
    return this.apply({ slow: options });
  }

  malformed(options: NonNullable<FaultsRequest['malformed']>): FaultState {
    return this.apply({ malformed: options });
  }

  clear(): void {
    this.current = { rateLimit: null, serverError: null, slow: null, malformed: {} };
  }

  snapshot(): FaultState {
    return structuredClone(this.current);
  }

  /** Delay for this request, if a slow fault matches (and is consumed). */
  takeDelay(path: string, now = Date.now()): number {
    const fault = this.current.slow;
    if (!fault || !active(fault, path, now)) return 0;
    consume(fault);
    return fault.delayMs;
  }

  /** Retry-After seconds to answer with when a forced 429 matches, else null. */
  takeRateLimit(path: string, now = Date.now()): { retryAfterSec: number; status: 429 | 419 } | null {
    const fault = this.current.rateLimit;
    if (!fault || !active(fault, path, now)) return null;
    consume(fault);
    const untilEnd = fault.until !== null ? Math.ceil((fault.until - now) / 1000) : 60;
    return { retryAfterSec: fault.retryAfterSec ?? untilEnd, status: fault.status };
  }

  /** Status to answer with when a 5xx fault matches, else null. */
  takeServerError(path: string, now = Date.now()): number | null {
    const fault = this.current.serverError;
    if (!fault || !active(fault, path, now)) return null;
    consume(fault);
    return fault.status;
  }

  malformedKind(productId: number): MalformedKind | null {
    return this.current.malformed[String(productId)] ?? null;
  }
}
