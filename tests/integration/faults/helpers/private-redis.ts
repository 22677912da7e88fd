import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM helper shared with the start script (node built-ins only)
import { freePort, localRedisArgs, redisAnswers } from '../../../../scripts/lib/services.mjs';
import { waitUntil } from './wait.js';

// A redis-server of the suite's own on a free port, so that it can be crashed and restarted
// without disturbing the machine's Redis or the other suites'. Every write is appended and
// fsynced before Redis answers (appendfsync always), so what it acknowledged survives a SIGKILL.

export interface PrivateRedis {
  url: string;
  /** Kills the server as a crash would (SIGKILL); resolves once it is gone. */
  crash(): Promise<void>;
  /** Starts it again on the same port with the same data directory; resolves once it answers. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port: number = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-faults-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  const args: string[] = [...localRedisArgs(port, dir), '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''];
  let server: ChildProcess | null = null;

  async function start(): Promise<void> {
    const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let failed: Error | null = null;
    child.stderr?.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-2000)));
    child.once('error', (error) => (failed = error));
    server = child;
    await waitUntil(
      async () => {
        if (failed) throw new Error(`cannot start redis-server (these suites crash a Redis of their own): ${failed}`);
        if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}: ${stderr}`);
        return (await redisAnswers(url)) as boolean;
      },
      15_000,
      `redis-server on port ${port} to answer`,
    );
  }

  async function kill(signal: NodeJS.Signals): Promise<void> {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }

  await start();
  return {
    url,
    crash: () => kill('SIGKILL'),
    restart: async () => {
      if (server) throw new Error('the private redis-server is still running');
      await start();
    },
    close: async () => {
      await kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
