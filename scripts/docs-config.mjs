#!/usr/bin/env node
// `npm run docs:config`: writes docs/configuration.md from the zod config schema and the meanings
// in shared/src/server/config/variable-meanings.ts. A test fails while the committed page differs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOC_PATH, ROOT, expectedConfigurationDoc } from './lib/configuration-doc.mjs';

writeFileSync(DOC_PATH, await expectedConfigurationDoc());
console.log(`wrote ${path.relative(ROOT, DOC_PATH)}`);
