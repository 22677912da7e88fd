import { z } from 'zod';
import { QUOTE_DRAFT_STORAGE_KEY } from '@shop/shared';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

// What the visitor has typed, kept on this device until the request is sent, so a reload, a closed
// tab or a failed submit loses nothing.

export const quoteDraftSchema = z.object({
  name: z.string().catch(''),
  email: z.string().catch(''),
  company: z.string().catch(''),
  services: z.array(z.string()).catch([]),
  budget: z.string().catch(''),
  message: z.string().catch(''),
});
export type QuoteDraft = z.infer<typeof quoteDraftSchema>;

export const EMPTY_DRAFT: QuoteDraft = { name: '', email: '', company: '', services: [], budget: '', message: '' };

export function loadDraft(): QuoteDraft {
  const raw = readStorage(QUOTE_DRAFT_STORAGE_KEY);
  if (!raw) return EMPTY_DRAFT;
  try {
    return quoteDraftSchema.parse(JSON.parse(raw));
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: QuoteDraft): void {
  writeStorage(QUOTE_DRAFT_STORAGE_KEY, JSON.stringify(draft));
}

export function clearDraft(): void {
  removeStorage(QUOTE_DRAFT_STORAGE_KEY);
}
