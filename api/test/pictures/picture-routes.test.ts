import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureWidths } from '@shop/shared/pictures';
import { createLocalPictureStore } from '@shop/shared/server/pictures';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// GET /api/pictures (docs/performance.md#product-pictures): the files the worker made, cached for
// ever under their content address, in the best format the browser accepts.

const KEY = 'abcdef0123456789abcd-1000x1000-e8e8e8';
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const OLD_SAFARI = 'image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5';

describe('GET /api/pictures', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'picture-routes-'));
    // Each file's bytes name the file, so an answer shows which one was sent.
    const files = new Map<string, Buffer>();
    for (const w of pictureWidths(1000))
      for (const ext of ['avif', 'webp', 'jpg']) files.set(`${w}.${ext}`, Buffer.from(`${w}.${ext}`));
    files.set('og.jpg', Buffer.from('og.jpg'));
    await createLocalPictureStore(dir).put(KEY, files);
    t = await createTestApp({ PICTURE_STORE: 'local', PICTURES_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers each width in the best format the browser accepts, cached for a year and varying by Accept', async () => {
    for (const [accept, ext, type] of [
      [CHROME, 'avif', 'image/avif'],
      ['image/webp,*/*', 'webp', 'image/webp'],
      [OLD_SAFARI, 'jpg', 'image/jpeg'],
    ]) {
      for (const w of [160, 320, 960]) {
        const res = await get(`/api/pictures/${KEY}/${w}`, { accept });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(`${w}.${ext}`);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary).toMatch(/\bAccept\b/);
        expect(res.headers['content-length']).toBe(String(`${w}.${ext}`.length));
      }
    }
  });

  it('the picture URL alone answers a card-sized width; .jpg and og.jpg are JPEG for every client', async () => {
    expect((await get(`/api/pictures/${KEY}`, { accept: CHROME })).body).toBe('640.avif');
    const jpeg = await get(`/api/pictures/${KEY}/320.jpg`, { accept: CHROME });
    expect([jpeg.statusCode, jpeg.body, jpeg.headers['content-type']]).toEqual([200, '320.jpg', 'image/jpeg']);
    expect(jpeg.headers.vary ?? '').not.toMatch(/\bAccept\b/);
    expect(jpeg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Mail clients and link previews load it from other origins.
    expect(jpeg.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const og = await get(`/api/pictures/${KEY}/og.jpg`);
    expect([og.statusCode, og.body, og.headers['content-type']]).toEqual([200, 'og.jpg', 'image/jpeg']);
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await get(`/api/pictures/${KEY}/480`, { accept: CHROME });
    const again = await get(`/api/pictures/${KEY}/480`, {
      accept: CHROME,
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a width not made, a picture not there and an address that is no picture are 404 in the error format', async () => {
    for (const url of [
      `/api/pictures/${KEY}/1200`, // wider than the 1000 px source: not made
      `/api/pictures/${KEY}/333`,
      `/api/pictures/${'0'.repeat(20)}-1000x1000-e8e8e8/320`,
    ]) {
      const res = await get(url, { accept: CHROME });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'not-found' } });
    }
    for (const url of [
      `/api/pictures/..%2F..%2Fetc/320`,
      `/api/pictures/${KEY}/320.png`,
      `/api/pictures/${KEY}/files.json`,
    ]) {
      const res = await get(url, { accept: CHROME });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toHaveProperty('error.message');
    }
  });
});
