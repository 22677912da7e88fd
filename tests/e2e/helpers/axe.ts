/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core in the page under test, on the rules the browser suites hold every page to
// (docs/testing.md#accessibility): WCAG 2.0, 2.1 and 2.2 at levels A and AA, and "Label in Name"
// (2.5.3), which axe marks experimental and so leaves off unless it is named.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeResults {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/**
 * What axe finds serious or critical on the page as it is now, one line a rule:
 * `rule-id (impact): what it asks; selector | selector`. An empty list is a clean page.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  // Injected through the devtools protocol: the page's content-security policy refuses inline
  // scripts, so a <script> tag with axe in it would not run.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (options: unknown) => Promise<AxeResults> } }).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }, AXE_TAGS);
}
