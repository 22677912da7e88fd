#!/usr/bin/env node
// Compresses every text file of the build once, at maximum settings, next to the original
// (file.br, file.gz). The server sends the variant the browser accepts, so no request pays for
// compression and each gets the smallest bytes. Node built-ins only.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { brotli, THRESHOLD } from './compression.mjs';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|xml|txt|map|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(DIST)) {
  if (!TEXT.test(file) || statSync(file).size < THRESHOLD) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotli(body));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files (brotli and gzip)`);
