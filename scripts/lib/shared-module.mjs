// A module of the shared package's server-side code (`server/config/index`,
// `providers/stripe/index`, ...) for the operator scripts: from the sources through tsx in a
// checkout, or from the compiled package in a production image, where tsx is not installed.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Node built-ins only: the production images copy this file beside check-config.mjs alone.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function sharedModule(name) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    return import(pathToFileURL(path.join(ROOT, `shared/dist/${name}.js`)).href);
  }
  register();
  return import(pathToFileURL(path.join(ROOT, `shared/src/${name}.ts`)).href);
}
