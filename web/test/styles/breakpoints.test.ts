import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEVICE_BREAKPOINTS_PX } from '@shop/shared/constants';

// The spec's device breakpoints (480, 768, 992, 1200 px) are the only widths a style sheet
// changes its layout at: each media query's width is one of them, or one pixel under it for the
// range below (max-width: 767px).

const SRC = path.resolve(import.meta.dirname, '../../src');

function styleSheets(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return styleSheets(full);
    return name.endsWith('.css') ? [full] : [];
  });
}

describe('media queries', () => {
  test("change the layout only at the spec's four breakpoints", () => {
    const allowed = new Set(Object.values(DEVICE_BREAKPOINTS_PX).flatMap((px) => [px, px - 1]));
    const strays: string[] = [];
    for (const file of styleSheets(SRC)) {
      const css = readFileSync(file, 'utf8');
      for (const query of css.matchAll(/@media[^{]*/g)) {
        for (const width of query[0].matchAll(/(?:min|max)-width:\s*([\d.]+)px/g)) {
          if (!allowed.has(Number(width[1]))) strays.push(`${path.relative(SRC, file)}: ${query[0].trim()}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });
});
