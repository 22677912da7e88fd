import { describe, expect, it } from 'vitest';
import { READING_WORDS_PER_MINUTE } from '../../src/constants/index.js';
import { readingMinutes, readingTimeLabel } from '../../src/domain/blog/index.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe("a blog post's reading time", () => {
  it('rounds the words up to whole minutes at the reading speed, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`<p>${words(READING_WORDS_PER_MINUTE)}</p>`)).toBe(1);
    expect(readingMinutes(`<p>${words(READING_WORDS_PER_MINUTE + 1)}</p>`)).toBe(2);
    expect(readingMinutes(`<p>${words(4 * READING_WORDS_PER_MINUTE - 10)}</p>`)).toBe(4);
  });

  it('counts the words a reader sees, not tags, attributes, entities or lone punctuation', () => {
    const markup = `<h2 id="a-very-long-heading-id">Two words</h2><p class="x y z">one &amp; <a href="/store">two</a> — three</p>`;
    const seen = 'Two words one two three';
    expect(readingMinutes(markup.repeat(50))).toBe(readingMinutes(`${seen} `.repeat(50)));
    expect(readingMinutes(`${seen} `.repeat(50))).toBe(Math.ceil(250 / READING_WORDS_PER_MINUTE));
  });

  it('reads as "N min read"', () => {
    expect(readingTimeLabel(4)).toBe('4 min read');
  });
});
