import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import { parsePictureUrl } from '@shop/shared/pictures';
import { createLocalPictureStore, type PictureStore } from '@shop/shared/server/pictures';
import { makeProductPictures, removeUnusedPictures } from '../../src/pictures/product-pictures.js';

// The picture pipeline against a picture host of the test's own (docs/performance.md#product-pictures):
// a good photograph, and each way Printful's file host can fail a sync: a picture it no longer
// serves, a file that is no picture, one far too large, a host that never answers. Real sharp, real files.

const LIMITS = { timeoutMs: 1_000, maxBytes: 5_000_000, maxPixels: 2_000_000 };

/** A deterministic 1200 px "photograph": a gradient under fine noise, a few hundred KB as PNG. */
async function photograph(seed: number, size = 1200): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const x = (i / 3) % size;
    pixels[i] = Math.round((x / size) * 120) + 60 + ((state >>> 16) % 9);
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

describe('product pictures', () => {
  let server: Server;
  let base: string;
  let dir: string;
  let store: PictureStore;
  const bodies = new Map<string, Buffer>();
  const requests: string[] = [];

  beforeAll(async () => {
    bodies.set('/good.png', await photograph(1));
    bodies.set('/other.png', await photograph(2));
    bodies.set('/corrupt.png', Buffer.from('\x89PNG\r\n\x1a\nthis is not a picture at all'));
    // 3000 x 3000 of one colour: a small file of 9 million pixels, over the test's 2 million.
    bodies.set(
      '/huge.png',
      await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    );
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (req.url === '/slow.png') return; // never answers
      if (req.url === '/undeclared.png') {
        // Sent in chunks with no Content-Length: only counting the bytes finds its size.
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(bodies.get('/other.png'));
        return;
      }
      const body = bodies.get(req.url ?? '');
      if (!body) {
        res.writeHead(404).end('Not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(os.tmpdir(), 'pictures-test-'));
    store = createLocalPictureStore(dir);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('makes a picture in every width as AVIF, WebP and JPEG, plus the 1200 x 630 link-preview card', async () => {
    const url = `${base}/good.png`;
    const made = await makeProductPictures(store, [url], LIMITS);
    expect(made.failures).toEqual([]);
    const picture = parsePictureUrl(made.urls.get(url));
    expect(picture).toMatchObject({ width: 1200, height: 1200 });
    expect(picture!.colour).toMatch(/^#[0-9a-f]{6}$/);
    const files = (await readdir(path.join(dir, picture!.key))).filter((f) => f !== 'files.json').sort();
    const widths = [160, 320, 480, 640, 960, 1200];
    expect(files).toEqual([...widths.flatMap((w) => [`${w}.avif`, `${w}.jpg`, `${w}.webp`]), 'og.jpg'].sort());
    for (const w of widths)
      for (const [ext, format] of [
        ['avif', 'heif'],
        ['webp', 'webp'],
        ['jpg', 'jpeg'],
      ]) {
        const meta = await sharp(path.join(dir, picture!.key, `${w}.${ext}`)).metadata();
        expect({ w, format: meta.format, width: meta.width, height: meta.height }).toEqual({
          w,
          format,
          width: w,
          height: w,
        });
      }
    const og = await sharp(path.join(dir, picture!.key, 'og.jpg')).metadata();
    expect([og.format, og.width, og.height]).toEqual(['jpeg', 1200, 630]);
    // The card a phone's store shows weighs a small part of the source.
    const source = bodies.get('/good.png')!.length;
    const { size } = (await store.read(picture!.key, '320.avif'))!;
    expect(size).toBeLessThan(source / 20);
  });

  it('fetches a picture once: the next sync answers from what it made', async () => {
    const url = `${base}/good.png`;
    const before = requests.length;
    const again = await makeProductPictures(store, [url], LIMITS);
    expect(requests.length).toBe(before);
    expect(again.failures).toEqual([]);
    expect(parsePictureUrl(again.urls.get(url))).not.toBeNull();
  });

  it('a changed picture gets new URLs; the old picture goes once no product names it', async () => {
    const good = parsePictureUrl(
      (await makeProductPictures(store, [`${base}/good.png`], LIMITS)).urls.get(`${base}/good.png`),
    )!;
    const otherUrl = `${base}/other.png`;
    const other = parsePictureUrl((await makeProductPictures(store, [otherUrl], LIMITS)).urls.get(otherUrl))!;
    expect(other.key).not.toBe(good.key);
    expect(await removeUnusedPictures(store, new Set([other.key]))).toEqual([good.key]);
    expect(await store.has(good.key)).toBe(false);
    expect(await store.has(other.key)).toBe(true);
    // Its URL is forgotten too: seen again, it is fetched and made again.
    const before = requests.length;
    await makeProductPictures(store, [`${base}/good.png`], LIMITS);
    expect(requests.slice(before)).toEqual(['/good.png']);
  });

  it('a picture Printful no longer serves, a corrupt file, a huge one and a slow host each leave the placeholder and are reported', async () => {
    const urls = ['gone', 'corrupt', 'huge', 'slow'].map((name) => `${base}/${name}.png`);
    const made = await makeProductPictures(store, [...urls, `${base}/good.png`], LIMITS);
    for (const url of urls) expect(made.urls.get(url), url).toBe(PLACEHOLDER_IMAGE);
    expect(parsePictureUrl(made.urls.get(`${base}/good.png`))).not.toBeNull();
    expect(made.failures.map((f) => [f.url.slice(base.length), f.reason.split(':')[0]])).toEqual([
      ['/gone.png', 'not-found'],
      ['/corrupt.png', 'corrupt'],
      ['/huge.png', 'too-large'],
      ['/slow.png', 'timeout'],
    ]);
    // Nothing half-made is kept.
    for (const key of await store.keys()) expect(await store.has(key)).toBe(true);
  });

  it('a file over the byte limit is not downloaded whole, whether or not its size is declared', async () => {
    const limits = { ...LIMITS, maxBytes: 1000 };
    const made = await makeProductPictures(store, [`${base}/other.png`, `${base}/undeclared.png`], limits);
    // other.png was made before: answered from its source record, not downloaded at all.
    expect(made.failures.map((f) => [f.url.slice(base.length), f.reason.split(':')[0]])).toEqual([
      ['/undeclared.png', 'too-large'],
    ]);
  });
});
