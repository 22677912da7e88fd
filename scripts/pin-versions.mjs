// Rewrites every workspace's dependency ranges to the exact versions in package-lock.json,
// so that installs are repeatable (docs/providers.md#toolchain: npm silently picks older versions on Node 20).
import { readFileSync, writeFileSync } from 'node:fs';
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const dirs = ['.', 'shared', 'api', 'worker', 'web', 'tests'];
for (const dir of dirs) {
  const file = `${dir}/package.json`;
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(pkg[field] ?? {})) {
      const entry =
        lock.packages[`${dir === '.' ? '' : dir + '/'}node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
      if (entry?.version) pkg[field][name] = entry.version;
    }
  }
  writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
}
