import { editDistance } from './edit-distance.js';

// "Did you mean" for a search that found nothing (docs/rules.md#what-a-merch-shopper-expects):
// each word of the query that the catalogue does not know is replaced by the closest word the
// catalogue uses (product names, categories, the blanks' names, the search synonyms), within a
// couple of typos, and
// the corrected query is offered only if it finds something.

/** A word the catalogue uses: compared without hyphens, offered as written ("t-shirt"). */
interface KnownWord {
  shown: string;
  /** How many texts use it: of two equally close words, the commoner is offered. */
  uses: number;
}

export type SearchVocabulary = ReadonlyMap<string, KnownWord>;

const WORD_SPLIT = /[^\p{L}\p{N}-]+/u;
const HYPHENS = /[-\u2010-\u2015\u2212]/g;

function plainWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(WORD_SPLIT)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter((w) => w !== '');
}

const keyOf = (word: string) => word.replace(HYPHENS, '');

/** The words of `texts` (names, categories, synonyms), each once, with how often it appears. */
export function buildSearchVocabulary(texts: Iterable<string>): SearchVocabulary {
  const words = new Map<string, KnownWord>();
  for (const text of texts) {
    for (const word of plainWords(text)) {
      const key = keyOf(word);
      if (key.length < 2) continue;
      const known = words.get(key);
      if (!known) words.set(key, { shown: word, uses: 1 });
      else {
        known.uses += 1;
        // Offered as a shopper writes it: "t-shirt" rather than the synonym list's "tshirt".
        if (word !== key) known.shown = word;
      }
    }
  }
  return words;
}

/** Typos forgiven by a word's length: none under 4 letters (too many short words are close). */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 6 ? 1 : 2;
}

function closestWord(key: string, vocabulary: SearchVocabulary): string | null {
  const limit = allowedEdits(key.length);
  if (limit === 0) return null;
  let best: { shown: string; distance: number; uses: number } | null = null;
  for (const [candidate, known] of vocabulary) {
    const distance = editDistance(key, candidate, limit);
    if (distance > limit) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && known.uses > best.uses) ||
      (distance === best.distance && known.uses === best.uses && known.shown < best.shown)
    )
      best = { shown: known.shown, distance, uses: known.uses };
  }
  return best?.shown ?? null;
}

/**
 * The query with its unknown words corrected, or null when no word needed or found a correction,
 * or when the corrected query would find nothing either. `finds` tells whether a text finds
 * products (the store's own search rules), so a word the search already understands (a plural,
 * part of a word) is kept as typed.
 */
export function suggestSearch(
  q: string,
  vocabulary: SearchVocabulary,
  finds: (text: string) => boolean,
): string | null {
  const words = plainWords(q);
  if (words.length === 0) return null;
  let changed = false;
  const corrected = words.map((word) => {
    const key = keyOf(word);
    if (vocabulary.has(key) || finds(word)) return word;
    const closest = closestWord(key, vocabulary);
    if (closest === null) return word;
    changed = true;
    return closest;
  });
  if (!changed) return null;
  const suggestion = corrected.join(' ');
  return finds(suggestion) ? suggestion : null;
}
