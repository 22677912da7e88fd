import { z } from 'zod';
import { AppError } from '@shop/shared';
import type { PrintfulWebhook } from '@shop/shared/providers/printful';

// How a delivery's envelope (shared/src/providers/printful/wire.ts) is read: apart from the
// handler, so the order-events module can use it without importing the handler, which imports it.

/** The event's data in the shape its type promises; 400 naming the first problem otherwise. */
export function dataOf<T>(event: PrintfulWebhook, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(event.data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(
    'invalid-argument',
    `Invalid ${event.type} payload: data.${issue.path.join('.')}: ${issue.message}`,
  );
}

/** Printful sends no event id; type, time and subject name one delivery (retries repeat them). */
export function deliveryId(event: PrintfulWebhook, subject: string): string {
  return `printful-${event.type}-${event.store ?? 'store'}-${subject}-${event.created}`.replace(/[^\w-]/g, '_');
}
