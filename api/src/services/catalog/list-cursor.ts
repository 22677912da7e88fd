import { z } from 'zod';
import { AppError, MESSAGES } from '@shop/shared';
import type { OrderableProduct } from '@shop/shared/domain/catalog';

// The opaque cursor of GET /api/products: the position (updatedAt, id) of the last product of a
// page in the newest-first order. A position, not an offset, so that a product added or changed
// while a shopper pages does not shift later pages by one; and any replica can continue a page
// another replica started.

const cursorSchema = z.object({ u: z.iso.datetime(), i: z.string().min(1) });
export type ListPosition = Pick<OrderableProduct, 'updatedAt' | 'id'>;

export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify({ u: position.updatedAt, i: position.id })).toString('base64url');
}

export function decodeListCursor(cursor: string): ListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('invalid-argument', MESSAGES.invalidCursor);
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw new AppError('invalid-argument', MESSAGES.invalidCursor);
  return { updatedAt: result.data.u, id: result.data.i };
}
