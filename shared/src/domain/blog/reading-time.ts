import { READING_WORDS_PER_MINUTE } from '../../constants/index.js';

// A blog post's reading time, from the words a reader sees (tags and entities of the rendered HTML
// are not words). One rule for the API's answers, the pre-rendered pages and the SPA.

/** Whole minutes, at least one: a three-paragraph note is "1 min read", not "0 min". */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, ' ')
    .trim();
  const words = text === '' ? 0 : text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
