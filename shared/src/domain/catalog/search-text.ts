import { SEARCH_SYNONYMS } from '../../constants/index.js';

// How search reads text: a query or a product's field folded into the forms it compares (lower
// case, no accents, hyphens dropped or spaced), and the needles a query becomes. catalog-search.ts
// matches and ranks products with them.

const HYPHENS = /[-_\u2010-\u2015\u2212]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

function plain(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * The forms of a text search compares: lower case, without accents, punctuation as spaces, and
 * hyphens once dropped ("t-shirt" -> "tshirt") and once as spaces ("t shirt"). Each form starts
 * with a space so a match can be asked to start a word ("tshirt" is not in "sweatshirt").
 */
export function foldSearchText(text: string): string[] {
  const lower = plain(text);
  const forms = [lower.replace(HYPHENS, ''), lower].map((f) => f.replace(NOT_WORD, ' ').trim());
  return [...new Set(forms.filter((f) => f !== '').map((f) => ` ${f}`))];
}

/**
 * What a query matches. The text as typed matches anywhere, as the spec's search did ("offe"
 * finds "Coffee"). Its other forms must start a word, so "t-shirt" finds "T-Shirt" but not
 * "Sweatshirt": without its spaces ("t shirt" -> "tshirt"), without a plural's final "s" ("tees"
 * finds a tee), and with each synonym swapped in (SEARCH_SYNONYMS).
 */
export interface SearchNeedles {
  anywhere: string[];
  wordStart: string[];
  /**
   * For a query of several words (each of two letters or more): each word's forms, as word starts.
   * A product matches when every word finds one of its forms, wherever they stand.
   */
  eachWord: string[][];
}

/** Words of one letter ("t shirt") are left to the phrase: alone, "t" starts too many words. */
const SHORTEST_SEPARATE_WORD = 2;

export function searchNeedles(q: string): SearchNeedles {
  const { anywhere, wordStart } = phraseNeedles(q);
  const words = plain(q).replace(HYPHENS, '').replace(NOT_WORD, ' ').trim().split(' ');
  const eachWord =
    words.length > 1 && words.every((w) => w.length >= SHORTEST_SEPARATE_WORD)
      ? words.map((word) => {
          const needles = phraseNeedles(word);
          return [...needles.anywhere.map((n) => ` ${n}`), ...needles.wordStart];
        })
      : [];
  return { anywhere, wordStart, eachWord };
}

function phraseNeedles(q: string): Omit<SearchNeedles, 'eachWord'> {
  const forms = foldSearchText(q).map((f) => f.trim());
  if (forms.length === 0) return { anywhere: [''], wordStart: [] };
  const typed = plain(q).replace(NOT_WORD, ' ').trim();
  const derived = new Set(forms);
  for (const form of forms) derived.add(form.replaceAll(' ', ''));
  for (const needle of [...derived]) if (needle.length > 3 && needle.endsWith('s')) derived.add(needle.slice(0, -1));
  for (const group of SEARCH_SYNONYMS) {
    for (const needle of [...derived]) {
      for (const term of group) {
        if (!needle.includes(term)) continue;
        for (const other of group) if (other !== term) derived.add(needle.replaceAll(term, other));
      }
    }
  }
  derived.delete(typed);
  return { anywhere: typed === '' ? [] : [typed], wordStart: [...derived].map((n) => ` ${n}`) };
}
