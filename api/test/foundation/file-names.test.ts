import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One naming convention for route modules (docs/architecture.md#layout): a newcomer finds every
// route of a feature in its folder's index.ts and the `*.routes.ts` files beside it.

const routesDir = fileURLToPath(new URL('../../src/routes/', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
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

// The same for services and the worker's jobs: one spelling of a file name, so a newcomer can
// guess where a thing lives. A service plugin (the module that decorates the app) is
// `<feature>-plugin.ts`, never an index.ts that only a reader of its body can tell apart from a
// barrel; a job handler (an exported `process…` that a queue's job module calls) is `*.job.ts`.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const servicesDir = path.join(repoRoot, 'api/src/services');
const jobsDir = path.join(repoRoot, 'worker/src/jobs');
const KEBAB_TS = /^[a-z0-9]+(-[a-z0-9]+)*(\.job)?\.tsx?$/;

describe('service and job module names', () => {
  it('kebab-case with no dotted role (x.service.ts) in services, and plugins named *-plugin.ts', () => {
    const files = filesUnder(servicesDir).filter((file) => /\.tsx?$/.test(file));
    const rel = (file: string) => path.relative(repoRoot, file);
    expect(files.filter((file) => !/^[a-z0-9]+(-[a-z0-9]+)*\.tsx?$/.test(path.basename(file))).map(rel)).toEqual([]);
    const decorates = (file: string) => /\bapp\.decorate\(/.test(readFileSync(file, 'utf8'));
    expect(files.filter((file) => decorates(file) && !file.endsWith('-plugin.ts')).map(rel)).toEqual([]);
    expect(files.filter((file) => file.endsWith('-plugin.ts')).length).toBeGreaterThan(10);
  });

  it("the worker's job handlers are *.job.ts, every other job module kebab-case", () => {
    const files = filesUnder(jobsDir).filter((file) => /\.tsx?$/.test(file));
    const rel = (file: string) => path.relative(repoRoot, file);
    expect(files.filter((file) => !KEBAB_TS.test(path.basename(file))).map(rel)).toEqual([]);
    const handles = (file: string) => /export\s+(async\s+)?function\s+process[A-Z]/.test(readFileSync(file, 'utf8'));
    expect(files.filter((file) => handles(file) && !file.endsWith('.job.ts')).map(rel)).toEqual([]);
    expect(files.filter((file) => file.endsWith('.job.ts')).length).toBeGreaterThan(5);
  });

  it('"catalog", not "catalogue", in the file names of the API, worker, shared code and test stacks', () => {
    // The SPA's own files (web/) follow with its restructuring.
    const roots = ['api/src', 'api/test', 'worker/src', 'worker/test', 'shared/src', 'shared/test', 'tests', 'scripts'];
    const named = roots
      .map((root) => path.join(repoRoot, root))
      .flatMap((dir) => filesUnder(dir))
      .filter((file) => /catalogue/i.test(path.basename(file)))
      .map((file) => path.relative(repoRoot, file));
    expect(named).toEqual([]);
  });
});

// One room per thing (docs/architecture.md#layout): a TypeScript module in a `src/` folder stays under
// 300 lines and a style sheet under 400, so a file that grows past that is split by concept
// rather than read by scrolling.
const SRC_ROOTS = ['api/src', 'shared/src', 'web/src', 'worker/src'];
const MAX_LINES = { ts: 300, css: 400 } as const;

describe('file sizes', () => {
  it('no TypeScript file in a src/ folder over 300 lines, no CSS file over 400', () => {
    const files = SRC_ROOTS.flatMap((root) => filesUnder(path.join(repoRoot, root)));
    const lineCount = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;
    const limitOf = (file: string) =>
      /\.tsx?$/.test(file) ? MAX_LINES.ts : file.endsWith('.css') ? MAX_LINES.css : Infinity;
    const tooLong = files
      .filter((file) => lineCount(file) > limitOf(file))
      .map((file) => `${path.relative(repoRoot, file)}: ${lineCount(file)} lines`);
    expect(tooLong).toEqual([]);
    // The walk reaches every kind it judges.
    expect(files.filter((file) => file.endsWith('.css')).length).toBeGreaterThan(20);
    expect(files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(50);
  });
});
