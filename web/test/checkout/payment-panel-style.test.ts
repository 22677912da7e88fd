import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

// The payment panel is the store's own (review finding #5: a navy card with a bright blue button
// read as a third-party widget on a copper-and-cream site). Its colours come from the site's
// tokens (styles/base.css), like every other card and call to action.

const css = readFileSync(path.join(__dirname, '../../src/features/checkout/checkout.css'), 'utf8');

function declarations(selector: string): Record<string, string> {
  const start = css.indexOf(`\n${selector} {`);
  expect(start, `${selector} in checkout.css`).toBeGreaterThanOrEqual(0);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    body
      .split(';')
      .map((line) => line.replace(/\/\*[\s\S]*?\*\//g, '').trim())
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

describe('the payment panel wears the store colours', () => {
  test('the card is a light surface with the site ink, not a navy card', () => {
    const panel = declarations('.payment-panel');
    expect(panel.background).toBe('var(--color-surface)');
    expect(panel.color).toMatch(/^var\(--color-ink/);
    expect(declarations('.payment-panel h2').color).toBe('var(--color-ink)');
  });

  test("its button is the site's copper call to action, not the provider's blue", () => {
    expect(declarations('.payment-panel__button').background).toBe('var(--color-accent)');
    expect(declarations('.payment-panel__button:hover').background).toBe('var(--color-accent-strong)');
    expect(css).not.toMatch(/--payment-primary|#1a1f36|#1e90ff/i);
  });
});
