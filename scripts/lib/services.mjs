// Finding or starting what the store needs: Redis, the Firebase Auth emulator, Google's Firestore
// emulator (for tests), child processes.
// Node built-ins only: this runs before dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

export function log(message) {
  console.log(`[shop] ${message}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Sends PING over RESP and resolves true on +PONG (or an auth error, which still means a server). */
export function redisAnswers(url, timeoutMs = 1000) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      return resolve(false);
    }
    const socket = net.connect({ port: Number(u.port || 6379), host: u.hostname.replace(/^\[|\]$/g, '') });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, timeoutMs);
    socket.once('connect', () => {
      if (u.password)
        socket.write(`AUTH ${decodeURIComponent(u.username || 'default')} ${decodeURIComponent(u.password)}\r\n`);
      socket.write('PING\r\n');
    });
    socket.on('data', (data) => {
      const text = data.toString();
      if (text.includes('+PONG') || text.includes('NOAUTH')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(true);
      }
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

export function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

export async function waitFor(check, { timeoutMs = 30_000, intervalMs = 200, what = 'service' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

export async function httpOk(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Tracks every child process started, so that one Ctrl-C stops them all. */
export class ProcessGroup {
  children = [];
  start(name, command, args, { env = {}, cwd = ROOT, quiet = false, onExit } = {}) {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.on('exit', (code, signal) => {
      this.children = this.children.filter((c) => c.child !== child);
      if (onExit) onExit(code, signal, stderr);
    });
    this.children.push({ name, child });
    return child;
  }
  async stopAll(timeoutMs = 12_000) {
    const all = [...this.children].reverse();
    await Promise.all(
      all.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              try {
                process.kill(-child.pid, 'SIGKILL');
              } catch {
                /* already gone */
              }
              resolve();
            }, timeoutMs);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            try {
              process.kill(-child.pid, 'SIGTERM');
            } catch {
              clearTimeout(timer);
              resolve();
            }
          }),
      ),
    );
  }
}

/**
 * The arguments of a redis-server of our own: on `port` of the loopback interface only, its files
 * in `dir`, and never evicting a key when memory runs out (queued jobs must not vanish).
 */
export function localRedisArgs(port, dir) {
  return ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--maxmemory-policy', 'noeviction'];
}

/**
 * Redis for the store (docs/architecture.md#real-parts-and-embedded-defaults): REDIS_URL if it answers; else a redis-server found
 * on PATH, started on `port` with its data under `dataDir`; else a clear message.
 */
export async function ensureRedis(group, { url, port, dataDir, persist = true }) {
  if (url && (await redisAnswers(url))) return { url, started: false };
  const server = which('redis-server');
  if (!server) {
    throw new Error(
      `No Redis answers at ${url ?? 'REDIS_URL'} and no redis-server is on PATH.\n` +
        '  Install one (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis)\n' +
        '  or set REDIS_URL to a running Redis.',
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const args = [...localRedisArgs(port, dataDir), '--daemonize', 'no'];
  if (persist) args.push('--appendonly', 'yes', '--save', '60 1');
  else args.push('--save', '', '--appendonly', 'no');
  group.start('redis', server, args, { quiet: true });
  const started = `redis://127.0.0.1:${port}`;
  await waitFor(() => redisAnswers(started), { what: 'redis-server', timeoutMs: 15_000 });
  return { url: started, started: true };
}

/** The Firebase Auth emulator from firebase-tools (docs/contracts.md#identity), on the given port. */
export async function startAuthEmulator(group, { port, projectId, dataDir, workDir }) {
  mkdirSync(workDir, { recursive: true });
  const [hub, logging] = [await freePort(), await freePort()];
  writeFileSync(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { port, host: '127.0.0.1' },
        hub: { port: hub, host: '127.0.0.1' },
        logging: { port: logging, host: '127.0.0.1' },
        ui: { enabled: false },
      },
    }),
  );
  const bin = path.join(ROOT, 'node_modules', '.bin', 'firebase');
  const args = ['emulators:start', '--only', 'auth', '--project', projectId];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  let failed = null;
  group.start('auth-emulator', bin, args, {
    cwd: workDir,
    quiet: true,
    env: { FIREBASE_CLI_EXPERIMENTS: '', CI: process.env.CI ?? '' },
    onExit: (code, _signal, stderr) => {
      if (code) failed = `exited with ${code}: ${stderr.slice(-800)}`;
    },
  });
  await waitFor(
    async () => {
      if (failed) throw new Error(`Firebase Auth emulator ${failed}`);
      return httpOk(`http://127.0.0.1:${port}/`);
    },
    { what: 'Firebase Auth emulator', timeoutMs: 180_000 },
  );
  return { host: `127.0.0.1:${port}` };
}

/** The command that starts Google's Cloud Firestore emulator, or null where gcloud or the component is missing. */
export function firestoreEmulatorCommand() {
  const gcloud = which('gcloud');
  if (!gcloud) return null;
  const probe = spawnSync(gcloud, ['emulators', 'firestore', 'start', '--help'], { encoding: 'utf8', timeout: 60_000 });
  return probe.status === 0 ? gcloud : null;
}

/** Answers the emulator's root with "Ok" once it serves requests. */
async function firestoreAnswers(host) {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) });
    return res.ok && (await res.text()).trim() === 'Ok';
  } catch {
    return false;
  }
}

/**
 * Google's Cloud Firestore emulator (Debian package google-cloud-cli-firestore-emulator) on the
 * given port of the loopback interface, as `gcloud emulators firestore start` runs it. It runs as a
 * group of its own (gcloud starts a Java child), so stopping the group stops the Java server too.
 * Resolves to the host:port FIRESTORE_EMULATOR_HOST expects.
 */
export async function startFirestoreEmulator(group, { port, gcloud = firestoreEmulatorCommand() }) {
  if (!gcloud) {
    throw new Error(
      "Google's Firestore emulator is not installed (gcloud emulators firestore start).\n" +
        '  Debian/Ubuntu: sudo apt-get install -y google-cloud-cli-firestore-emulator (needs a Java runtime)',
    );
  }
  const host = `127.0.0.1:${port}`;
  let failed = null;
  group.start('firestore-emulator', gcloud, ['emulators', 'firestore', 'start', `--host-port=${host}`, '--quiet'], {
    quiet: true,
    onExit: (code, signal, stderr) => {
      failed = `exited (${code ?? signal}): ${stderr.slice(-800)}`;
    },
  });
  await waitFor(
    async () => {
      if (failed) throw new Error(`Firestore emulator ${failed}`);
      return firestoreAnswers(host);
    },
    { what: 'Firestore emulator', timeoutMs: 120_000 },
  );
  return { host };
}
