import { z } from 'zod';

// Printful v1's envelope around every answer, success or error (docs/providers.md#printful-api).

export const pagingSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type Paging = z.infer<typeof pagingSchema>;

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.looseObject({ code: z.number().int(), result, paging: pagingSchema.optional() });
}

/** `{code, result, error:{reason, message}}`; parsed tolerantly, only for the message. */
export const errorEnvelopeSchema = z.looseObject({
  code: z.number().optional(),
  result: z.unknown().optional(),
  error: z.looseObject({ reason: z.string().optional(), message: z.string().optional() }).optional(),
});
