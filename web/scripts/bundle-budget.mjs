#!/usr/bin/env node
// Bundle budget for the home page (docs/performance.md#performance-design): the JavaScript `/` needs before it can
// render (the entry chunk and its static imports, plus the home route's own chunk) must stay within
// 150 KB gzipped, and none of it may come from the store or admin screens; what it loads before any
// route chunk must stay within 100 KB as served (issue 24). Reads the Vite manifest of
// `npm run build -w web`; exits 1 when over budget or when the build is missing.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { servedBytes } from './compression.mjs';

const BUDGET_KB = 150;
const BROTLI_TARGET_KB = 100;
const ENTRY = 'index.html';
const HOME_ROUTE = 'src/app/routes/home.tsx';
/** Route modules whose code must never weigh on the home page. */
const FORBIDDEN =
  /src\/app\/routes\/(store|storefront|store-old|products|product|cart|checkout|confirmation|order-success|printful|printful-product|admin-[\w-]+|login|api-test|network-test|firestore-test)\.tsx$|src\/features\/(store|catalog|checkout|admin|auth)\//;
/** The Firebase web SDK is for sign-in and admin pages only (docs/contracts.md#identity). */
const FIREBASE_MARKER = /@firebase\/(app|auth)|FirebaseError/;

const dist = path.resolve(fileURLToPath(new URL('../dist', import.meta.url)));
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run "npm run build -w web" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The chunk keys a start key loads statically (itself included), depth first. */
function staticClosure(start, seen = new Set()) {
  if (seen.has(start)) return seen;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`The manifest has no entry ${start}`);
  seen.add(start);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const weigh = (keys) => [...keys].map((key) => ({ key, file: manifest[key].file, kb: gzipKb(manifest[key].file) }));
const total = (rows) => rows.reduce((sum, r) => sum + r.kb, 0);

const initialKeys = staticClosure(ENTRY);
const homeKeys = staticClosure(HOME_ROUTE, new Set(initialKeys));
const initial = weigh(initialKeys);
const home = weigh(homeKeys);

console.log('Initial JavaScript for / (entry + static imports), gzipped:');
for (const r of initial) console.log(`  ${r.file.padEnd(48)} ${r.kb.toFixed(1).padStart(7)} KB`);
console.log(`  ${'total'.padEnd(48)} ${total(initial).toFixed(1).padStart(7)} KB`);
console.log(`With the home route's chunk and its imports: ${total(home).toFixed(1)} KB (budget ${BUDGET_KB} KB)`);
// What the server actually sends (docs/rules.md#bytes-and-budgets): each file's brotli copy, or the file itself when
// under the 1 KB the build compresses from. The target is 100 KB before any route chunk, React DOM
// included (issue 24).
const servedKb = (file) => servedBytes(readFileSync(path.join(dist, file))) / 1024;
const initialServed = [...initialKeys].reduce((sum, key) => sum + servedKb(manifest[key].file), 0);
console.log(
  `As served (brotli), before any route chunk: ${initialServed.toFixed(1)} KB (target ${BROTLI_TARGET_KB} KB: ${initialServed <= BROTLI_TARGET_KB ? 'met' : 'MISSED'})`,
);

const problems = [];
if (initialServed > BROTLI_TARGET_KB)
  problems.push(
    `the home page's first script is ${initialServed.toFixed(1)} KB as served, over the ${BROTLI_TARGET_KB} KB target`,
  );
if (total(home) > BUDGET_KB)
  problems.push(
    `the home page needs ${total(home).toFixed(1)} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget`,
  );
for (const key of homeKeys) {
  const chunk = manifest[key];
  const sources = [key, ...(chunk.src ? [chunk.src] : [])];
  if (sources.some((s) => FORBIDDEN.test(s)))
    problems.push(`${chunk.file} (${key}) is store/admin code loaded by the home page`);
}
for (const key of homeKeys) {
  const { file } = manifest[key];
  if (FIREBASE_MARKER.test(readFileSync(path.join(dist, file), 'utf8')))
    problems.push(`${file} (${key}) contains the Firebase SDK, loaded by the home page`);
}
const dynamicInInitial = [...initialKeys].filter((k) => manifest[k].isDynamicEntry);
for (const key of dynamicInInitial)
  problems.push(`route chunk ${key} is statically imported by the entry (it should load on demand)`);

if (problems.length) {
  console.error(`\nBundle budget failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Bundle budget OK: no store or admin code on the home page.');
