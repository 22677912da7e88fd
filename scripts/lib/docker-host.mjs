// The Docker side of `npm run test:images` (docs/operations.md#container-images): Debian's packages
// it needs, a Docker engine without a bridge (host networking only, nothing but loopback), and the
// base image `node:20-bookworm-slim`, pulled where Docker Hub answers, else stood in for by a
// minimal Debian bookworm with this machine's Node (the version `engines` names).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

export const BASE_IMAGE = 'node:20-bookworm-slim';
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';

export function log(message) {
  console.log(`[images] ${message}`);
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  if (r.status !== 0) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.slice(-4000);
    throw new Error(`${command} ${args.join(' ')} exited ${r.status ?? r.signal}:\n${output}`);
  }
  return r.stdout ?? '';
}

/** The same, its output shown as it comes (long builds), resolving when it ends. */
export function runShown(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}`)),
    );
  });
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Installs the Debian packages whose commands are missing. A policy-rc.d that refuses service
 * starts is put in place meanwhile (where none is), so docker.io's install does not start an
 * engine with Docker's default bridge and iptables rules.
 */
export function ensureDebianPackages(packages) {
  const missing = Object.entries(packages).filter(([, command]) => !has(command));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name);
  if (process.getuid?.() !== 0) {
    throw new Error(`missing ${names.join(', ')}: install them (apt-get install ${names.join(' ')}) or run as root`);
  }
  log(`installing ${names.join(', ')} from Debian's packages...`);
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}

function dockerAnswers() {
  return spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore' }).status === 0;
}

/**
 * A running Docker engine: the one already there, or dockerd started here with no bridge and no
 * iptables rules (containers use the host's network; `stop()` ends only an engine started here).
 */
export async function ensureDockerd({ logFile }) {
  if (dockerAnswers()) return { started: false, stop: async () => {} };
  log(`starting dockerd (no bridge, no iptables; log: ${logFile})`);
  const out = openSync(logFile, 'a');
  const child = spawn('dockerd', ['--bridge=none', '--iptables=false', '--ip6tables=false'], {
    stdio: ['ignore', out, out],
    detached: true,
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (let i = 0; i < 120 && !dockerAnswers(); i++) {
    if (child.exitCode !== null) throw new Error(`dockerd exited ${child.exitCode}; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!dockerAnswers()) throw new Error(`dockerd did not answer within a minute; see ${logFile}`);
  return {
    started: true,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export function imageExists(image) {
  return spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore' }).status === 0;
}

/**
 * `node:20-bookworm-slim`: already here, pulled, or made. The stand-in is what that image is to the
 * Dockerfiles: Debian bookworm (debootstrap's minbase), Node and npm under /usr/local (this
 * machine's, whose major version must be the one `engines` names), and the user `node`, uid 1000.
 */
export async function ensureBaseImage({ nodeMajor }) {
  if (imageExists(BASE_IMAGE)) return 'present';
  const pulled = spawnSync('docker', ['pull', BASE_IMAGE], { stdio: 'ignore', timeout: 60_000 }).status === 0;
  if (pulled) return 'pulled';
  const machineMajor = Number(process.versions.node.split('.')[0]);
  if (machineMajor !== nodeMajor) {
    throw new Error(
      `cannot stand in for ${BASE_IMAGE}: this machine runs Node ${process.versions.node}, engines wants ${nodeMajor}`,
    );
  }
  const npmRoot = path.join(run('npm', ['root', '-g']).trim(), 'npm');
  if (!existsSync(path.join(npmRoot, 'bin', 'npm-cli.js'))) throw new Error(`npm not found at ${npmRoot}`);
  log(`${BASE_IMAGE} cannot be pulled: making a stand-in (Debian bookworm minbase + Node ${process.versions.node})...`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-base-image-'));
  const root = path.join(dir, 'root');
  try {
    await runShown('debootstrap', ['--variant=minbase', 'bookworm', root, DEBIAN_MIRROR], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const local = path.join(root, 'usr', 'local');
    run('install', ['-m', '0755', process.execPath, path.join(local, 'bin', 'node')]);
    run('mkdir', ['-p', path.join(local, 'lib', 'node_modules')]);
    run('cp', ['-a', npmRoot, path.join(local, 'lib', 'node_modules', 'npm')]);
    run('ln', ['-s', '../lib/node_modules/npm/bin/npm-cli.js', path.join(local, 'bin', 'npm')]);
    run('ln', ['-s', '../lib/node_modules/npm/bin/npx-cli.js', path.join(local, 'bin', 'npx')]);
    // The official image's user: the Dockerfiles run as `node` (uid 1000).
    run('chroot', [
      root,
      'sh',
      '-c',
      'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    ]);
    // What an image does not need: apt's lists and caches, documentation, locales.
    for (const leftover of [
      'var/lib/apt/lists',
      'var/cache/apt',
      'usr/share/doc',
      'usr/share/man',
      'usr/share/info',
      'usr/share/locale',
    ]) {
      rmSync(path.join(root, leftover), { recursive: true, force: true });
    }
    const tar = spawn('tar', ['-C', root, '--exclude=./proc/*', '--exclude=./sys/*', '--exclude=./dev/*', '-c', '.'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const imported = spawn(
      'docker',
      [
        'import',
        '--change',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '--change',
        `ENV NODE_VERSION=${process.versions.node}`,
        '--change',
        'CMD ["node"]',
        '--message',
        `stand-in for ${BASE_IMAGE}: debootstrap minbase bookworm + Node ${process.versions.node}`,
        '-',
        BASE_IMAGE,
      ],
      { stdio: [tar.stdout, 'ignore', 'inherit'] },
    );
    const code = await new Promise((resolve) => imported.on('exit', resolve));
    if (code !== 0) throw new Error(`docker import exited ${code}`);
    return 'stand-in';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The node major version `engines.node` (">=20.19 <21") names. */
export function enginesMajor(packageJsonPath) {
  const range = JSON.parse(readFileSync(packageJsonPath, 'utf8')).engines.node;
  const m = /^>=(\d+)\./.exec(range);
  if (!m) throw new Error(`unexpected engines.node: ${range}`);
  return Number(m[1]);
}

/**
 * The certificate authorities this machine trusts for npm beyond Node's built-in ones (its npm
 * `cafile`, or NODE_EXTRA_CA_CERTS): where a TLS-inspecting proxy stands between the machine and
 * the npm registry, the image's build must trust it too. Empty when there are none.
 */
export function extraCertificateAuthorities() {
  const file = [
    spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).stdout?.trim(),
    process.env.NODE_EXTRA_CA_CERTS,
  ].find((f) => f && f !== 'null' && existsSync(f));
  if (!file) return '';
  const normal = (pem) => pem.replace(/\s+/g, '');
  const builtIn = new Set(tls.rootCertificates.map(normal));
  const pems = readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return pems.filter((pem) => !builtIn.has(normal(pem))).join('\n');
}
