import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The API and the worker as the child processes they are in production (`node --import tsx
// <entry>`), so that a test can SIGKILL or SIGTERM them. Their pino logs (JSON lines on stdout)
// are kept: tests wait on them ("worker ready", "Server listening at ...") instead of sleeping.

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const API_ENTRY = 'api/src/server.ts';
export const WORKER_ENTRY = 'worker/src/index.ts';

export interface LogLine {
  msg?: string;
  level?: number;
  [field: string]: unknown;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Every JSON log line printed so far. */
  logs(): LogLine[];
  /** Resolves with the first log line (past or future) that matches; rejects if the process exits first. */
  waitForLog(match: (line: LogLine) => boolean, what: string, timeoutMs?: number): Promise<LogLine>;
  /** Settles when the process has exited. */
  readonly exited: Promise<Exit>;
  readonly running: boolean;
  /** SIGKILL: no clean-up at all, as in a crash or an OOM kill. */
  kill(): Promise<Exit>;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  stop(graceMs?: number): Promise<Exit>;
}

export function startServiceProcess(name: string, entry: string, env: Record<string, string>): ServiceProcess {
  // SERVICE_NODE_ARGS adds node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the API under load.
  const nodeArgs = process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  let stderr = '';
  let partial = '';
  child.stdout!.on('data', (chunk) => {
    partial += String(chunk);
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const text of complete) {
      if (!text.trim()) continue;
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { msg: text };
      }
      lines.push(line);
      for (const waiter of waiters) if (waiter.match(line)) waiter.resolve(line);
    }
  });
  child.stderr!.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-4000)));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const describe = () => `${name} process (pid ${child.pid}); stderr: ${stderr.trim() || '(empty)'}`;

  async function signal(sig: NodeJS.Signals, graceMs: number): Promise<Exit> {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name,
    child,
    logs: () => [...lines],
    waitForLog(match, what, timeoutMs = 60_000) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        const waiter = {
          match,
          resolve: (line: LogLine) => {
            cleanup();
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what} from the ${describe()}`));
        }, timeoutMs);
        const onExit = (code: number | null, sig: string | null) => {
          cleanup();
          reject(new Error(`${what} never came: the ${describe()} exited (${sig ?? code})`));
        };
        function cleanup() {
          clearTimeout(timer);
          waiters.delete(waiter);
          child.off('exit', onExit);
        }
        waiters.add(waiter);
        child.once('exit', onExit);
      });
    },
    exited,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    kill: () => signal('SIGKILL', 0),
    stop: (graceMs = 15_000) => signal('SIGTERM', graceMs),
  };
}

/** The API process on a port of its own; resolves once it listens, with its origin. */
export async function startApiProcess(env: Record<string, string>): Promise<{ url: string; process: ServiceProcess }> {
  const api = startServiceProcess('api', API_ENTRY, { PORT: '0', HOST: '127.0.0.1', ...env });
  const listening = await api.waitForLog(
    (line) => typeof line.msg === 'string' && line.msg.startsWith('Server listening at http://127.0.0.1:'),
    'the API to listen',
  );
  return { url: String(listening.msg).replace('Server listening at ', ''), process: api };
}

/** The worker process; resolves once every queue's worker has started. */
export async function startWorkerProcess(
  env: Record<string, string>,
  entry: string = WORKER_ENTRY,
): Promise<ServiceProcess> {
  const worker = startServiceProcess('worker', entry, env);
  await worker.waitForLog((line) => line.msg === 'worker ready', 'the worker to be ready');
  return worker;
}

/** Stops every process still running (afterAll), SIGKILL after a short grace. */
export async function stopAll(processes: Array<ServiceProcess | null | undefined>): Promise<void> {
  await Promise.all(processes.map((p) => (p?.running ? p.stop(5_000) : undefined)));
}
