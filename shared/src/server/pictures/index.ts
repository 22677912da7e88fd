import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isPictureKey } from '../../pictures/index.js';
import type { Config } from '../config/index.js';

// Where the made product pictures live (docs/performance.md#product-pictures): the worker puts a
// picture's files, the API reads them, the sync removes what no product names any more. One small
// interface so production can keep them in object storage (docs/going-live.md#product-pictures);
// the local disk is the embedded default. Each picture is a folder named by its key holding
// `<width>.<avif|webp|jpg>` and `og.jpg`; `sources/` maps a Printful URL to the key its bytes made.

export interface PictureFile {
  body: Readable;
  size: number;
}

/** What is known of one Printful URL: the picture its bytes made. */
export interface PictureSource {
  url: string;
  key: string;
}

export interface PictureStore {
  /** Whether every file of the picture is there (`put` writes its manifest last). */
  has(key: string): Promise<boolean>;
  /** Writes a picture's files; the picture counts as there only once all are written. */
  put(key: string, files: ReadonlyMap<string, Buffer>): Promise<void>;
  /** One file of a picture, or null. */
  read(key: string, file: string): Promise<PictureFile | null>;
  remove(key: string): Promise<void>;
  /** Every picture kept. */
  keys(): Promise<string[]>;
  source(url: string): Promise<PictureSource | null>;
  putSource(source: PictureSource): Promise<void>;
  /** Forgets the URLs that led to any of these keys. */
  removeSources(keys: ReadonlySet<string>): Promise<void>;
}

const MANIFEST = 'files.json';
const FILE_NAME = /^(?:\d{1,5}\.(?:avif|webp|jpg)|og\.jpg)$/;

/** A URL's source record is named by the URL's SHA-256: any URL, a safe file name. */
function sourceFileName(url: string): string {
  return `${createHash('sha256').update(url).digest('hex')}.json`;
}

async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/** Pictures as files under one folder of the local disk. */
export function createLocalPictureStore(root: string): PictureStore {
  const sources = path.join(root, 'sources');
  const folder = (key: string) => {
    if (!isPictureKey(key)) throw new Error(`Not a picture key: ${key}`);
    return path.join(root, key);
  };
  return {
    async has(key) {
      if (!isPictureKey(key)) return false;
      return stat(path.join(folder(key), MANIFEST)).then(
        () => true,
        () => false,
      );
    },
    async put(key, files) {
      const dir = folder(key);
      await mkdir(dir, { recursive: true });
      for (const [name, data] of files) {
        if (!FILE_NAME.test(name)) throw new Error(`Not a picture file name: ${name}`);
        await writeAtomic(path.join(dir, name), data);
      }
      await writeAtomic(path.join(dir, MANIFEST), JSON.stringify([...files.keys()]));
    },
    async read(key, file) {
      if (!isPictureKey(key) || !FILE_NAME.test(file)) return null;
      const full = path.join(folder(key), file);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(full), size: info.size };
    },
    async remove(key) {
      await rm(folder(key), { recursive: true, force: true });
    },
    async keys() {
      const names = await readdir(root).catch(() => [] as string[]);
      return names.filter(isPictureKey);
    },
    async source(url) {
      const text = await readFile(path.join(sources, sourceFileName(url)), 'utf8').catch(() => null);
      if (text === null) return null;
      try {
        const parsed = JSON.parse(text) as Partial<PictureSource>;
        return parsed.url === url && typeof parsed.key === 'string' && isPictureKey(parsed.key)
          ? { url, key: parsed.key }
          : null;
      } catch {
        return null;
      }
    },
    async putSource(source) {
      await mkdir(sources, { recursive: true });
      await writeAtomic(path.join(sources, sourceFileName(source.url)), JSON.stringify(source));
    },
    async removeSources(keys) {
      const names = await readdir(sources).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(sources, name);
        const text = await readFile(file, 'utf8').catch(() => null);
        let key: unknown = null;
        try {
          key = text === null ? null : (JSON.parse(text) as { key?: unknown }).key;
        } catch {
          key = null;
        }
        if (typeof key !== 'string' || keys.has(key)) await rm(file, { force: true });
      }
    },
  };
}

/** The configured store, or null when the pipeline is off (products keep Printful's URLs). */
export function createPictureStore(config: Pick<Config, 'PICTURE_STORE' | 'PICTURES_DIR'>): PictureStore | null {
  return config.PICTURE_STORE === 'local' ? createLocalPictureStore(path.resolve(config.PICTURES_DIR)) : null;
}
