import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { undocumentedVariables } from '../../src/server/config/config-doc.js';
// @ts-expect-error: a plain ES module of the scripts, without types
import { DOC_PATH, expectedConfigurationDoc } from '../../../scripts/lib/configuration-doc.mjs';

// docs/configuration.md is generated from the config schema; these fail when the committed page
// no longer matches it (run `npm run docs:config`) or a variable was added without a meaning.
describe('docs/configuration.md', () => {
  it('gives every variable of the config schema a meaning', () => {
    expect(undocumentedVariables()).toEqual([]);
  });

  it('is what `npm run docs:config` writes from the schema now', async () => {
    const expected = (await expectedConfigurationDoc()) as string;
    expect(readFileSync(DOC_PATH as string, 'utf8'), 'docs/configuration.md is stale: run `npm run docs:config`').toBe(
      expected,
    );
  });
});
