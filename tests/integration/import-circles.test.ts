import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../fixtures/import-graph';
import { repoRoot } from '../fixtures/repo-lint';

// No two modules of the app need each other (docs/architecture.md#shape): not through a chain of
// any length and not through type imports alone, which lint's no-cycle rule lets pass.

describe('import circles', () => {
  const probe = mkdtempSync(path.join(repoRoot, 'tests/integration/circle-probe-'));
  afterAll(() => rmSync(probe, { recursive: true, force: true }));

  it('finds none in the four src folders', () => {
    const dirs = ['shared/src', 'api/src', 'worker/src', 'web/src'].map((dir) => path.join(repoRoot, dir));
    const graph = importGraph(dirs);
    const circles = importCircles(graph).map((group) => group.map((file) => path.relative(repoRoot, file)));
    expect(circles).toEqual([]);
    // The walk followed the imports it judges: most modules import another of their folder.
    expect([...graph.values()].filter((targets) => targets.length > 0).length).toBeGreaterThan(500);
  });

  it('finds a circle held only by type imports, through a re-exporting index', () => {
    writeFileSync(path.join(probe, 'a.ts'), "import type { B } from './b/index.js';\nexport type A = { b?: B };\n");
    writeFileSync(path.join(probe, 'c.ts'), "import type { A } from './a.js';\nexport type C = { a?: A };\n");
    mkdirSync(path.join(probe, 'b'));
    writeFileSync(path.join(probe, 'b/index.ts'), "export type { C as B } from '../c.js';\n");
    const circles = importCircles(importGraph([probe]));
    expect(circles.map((group) => group.map((file) => path.relative(probe, file)))).toEqual([
      ['a.ts', 'b/index.ts', 'c.ts'],
    ]);
  });
});
