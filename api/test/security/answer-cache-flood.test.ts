import { describe, expect, it } from 'vitest';
import {
  RENDERED_RESPONSES_MAX_BYTES,
  RenderedResponses,
  render,
} from '../../src/services/catalog/rendered-responses.js';

// The probe sent 800 distinct anonymous searches and the API grew from 161 to 335 MB: each answer
// was kept, up to 1,000 per catalogue version, whatever its size. The kept answers now fit a byte
// budget, oldest out first, and the newest stay served from memory.

const ANSWER_BYTES = 64 * 1024;
const answerFor = (query: string) => render({ query, products: [{ description: 'x'.repeat(ANSWER_BYTES) }] });

describe('the catalogue answer cache under a flood of distinct searches', () => {
  it('keeps its memory within the byte budget and still serves recent answers from memory', () => {
    const cache = new RenderedResponses();
    let rendered = 0;
    const ask = (query: string) =>
      cache.get(1, `search\n${query}`, () => {
        rendered++;
        return answerFor(query);
      });

    for (let i = 0; i < 800; i++) {
      ask(`flood ${i}`);
      expect(cache.byteSize).toBeLessThanOrEqual(RENDERED_RESPONSES_MAX_BYTES);
    }
    expect(rendered).toBe(800);
    expect(cache.byteSize).toBeGreaterThan(RENDERED_RESPONSES_MAX_BYTES / 2);

    ask('flood 799');
    expect(rendered).toBe(800);
    ask('flood 0');
    expect(rendered).toBe(801);
  });

  it('serves an answer larger than the whole budget without keeping it', () => {
    const cache = new RenderedResponses(1024);
    const answer = cache.get(1, 'big', () => answerFor('big'));
    expect(JSON.parse(answer.body).query).toBe('big');
    expect(cache.byteSize).toBe(0);
  });
});
