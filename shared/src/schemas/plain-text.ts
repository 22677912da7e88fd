import { z } from 'zod';
import { MESSAGES } from '../errors/index.js';

// Names and addresses are printed on parcels, packing slips, CSV cells and e-mails: characters
// that do not print have no place in them (docs/rules.md#money-and-abuse). Refused, not silently
// changed, with the field named: control characters (line breaks, tabs, escapes), the line and
// paragraph separators, and format characters (Unicode Cf: bidi overrides and isolates, zero-width
// spaces, the byte-order mark, soft hyphens). The zero-width joiner and non-joiner, which some
// scripts and emoji need, stay allowed between other characters, but a value must show at least
// one letter, digit or symbol, so it is never invisible.

const UNPRINTABLE = /[\p{Cc}\u2028\u2029]|(?![\u200c\u200d])\p{Cf}/u;
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

/** Whether `text` is plain printable text: nothing hidden, nothing that turns the line around. */
export const isPlainText = (text: string): boolean => !UNPRINTABLE.test(text) && (text === '' || VISIBLE.test(text));

/**
 * A string schema (trimmed and sized as the caller likes) held to plain printable text, refused
 * with a sentence that names the field.
 */
export function plainText<T extends z.ZodType<string | null | undefined>>(schema: T, field: string) {
  return schema.refine((value) => value === null || value === undefined || isPlainText(value), {
    error: MESSAGES.textNotPlain(field),
  });
}
