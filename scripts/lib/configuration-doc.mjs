// docs/configuration.md as it should read now: rendered from the config schema and its meanings
// (shared/src/server/config/config-doc.ts), then formatted by prettier as `npm run lint` expects.
// Needs tsx (`node --import tsx`) to load the TypeScript source.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DOC_PATH = path.join(ROOT, 'docs', 'configuration.md');

export async function expectedConfigurationDoc() {
  const { renderConfigurationDoc } = await import('../../shared/src/server/config/config-doc.ts');
  const options = (await prettier.resolveConfig(DOC_PATH)) ?? {};
  return prettier.format(renderConfigurationDoc(), { ...options, filepath: DOC_PATH });
}
