#!/usr/bin/env node
// `npm run bench`: prepares like `npm test` (dependencies, SPA build, Redis) and runs bench/run.ts.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ProcessGroup, ROOT, ensureRedis, freePort, log } from './lib/services.mjs';
import { prepare } from './lib/prepare.mjs';

const group = new ProcessGroup();
let code = 1;
try {
  await prepare();
  const redis = await ensureRedis(group, {
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port: await freePort(),
    dataDir: path.join(os.tmpdir(), `shop-bench-redis-${process.pid}`),
    persist: false,
  });
  log(`Redis: ${redis.url}`);
  code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, REDIS_URL: redis.url, LOG_LEVEL: 'silent' },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
} catch (e) {
  console.error(`[shop] ${e.message}`);
} finally {
  await group.stopAll();
}
process.exit(code);
