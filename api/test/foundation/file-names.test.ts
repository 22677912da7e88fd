import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One naming convention for route modules (docs/architecture.md#layout): a newcomer finds every
// route of a feature in its folder's index.ts and the `*.routes.ts` files beside it.

const routesDir = fileURLToPath(new URL('../../src/routes/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe('route module names', () => {
  it('index.ts or <what>.routes.ts for every module that declares routes, and no other spelling', () => {
    const files = filesUnder(routesDir).filter((file) => file.endsWith('.ts'));
    const declaresRoutes = (file: string) =>
      /\b(app|fastify|instance)\.(get|post|put|patch|delete|head|route)\(/.test(readFileSync(file, 'utf8'));
    const misnamed = files
      .filter((file) => path.basename(file) !== 'index.ts' && !file.endsWith('.routes.ts'))
      .filter((file) => declaresRoutes(file) || /\.route\.ts$/.test(file))
      .map((file) => path.relative(routesDir, file));
    expect(misnamed).toEqual([]);
    // The rule has something to hold: route modules exist under both names.
    expect(files.filter((file) => file.endsWith('.routes.ts')).length).toBeGreaterThan(10);
  });
});
