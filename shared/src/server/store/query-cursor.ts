import { z } from 'zod';
import { AppError, MESSAGES } from '../../errors/index.js';
import { decodeJson, encodeJson } from './json-codec.js';

// Keyset pagination cursor: the last document's orderBy values and id, plus the ordering it was
// made for, so a cursor replayed against a differently ordered query is refused rather than
// silently skipping documents. Opaque to callers (base64url).

const cursorSchema = z.object({ s: z.string(), v: z.array(z.unknown()), id: z.string() });

export interface CursorPosition {
  values: unknown[];
  id: string;
}

export function encodeCursor(signature: string, values: unknown[], id: string): string {
  return Buffer.from(encodeJson({ s: signature, v: values, id })).toString('base64url');
}

export function decodeCursor(cursor: string, signature: string, valueCount: number): CursorPosition {
  let decoded: unknown;
  try {
    decoded = decodeJson(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('invalid-argument', MESSAGES.invalidCursor);
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.s !== signature || parsed.data.v.length !== valueCount) {
    throw new AppError('invalid-argument', MESSAGES.invalidCursor);
  }
  return { values: parsed.data.v, id: parsed.data.id };
}
