import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PICTURE_OG, pictureKey, pictureWidths } from '@shop/shared/pictures';

// One Printful picture made into the store's files (docs/performance.md#product-pictures): every
// width of pictureWidths() as AVIF, WebP and JPEG, and the 1200 x 630 link-preview JPEG. Its key
// addresses the source's bytes and this recipe, so a changed picture gets new URLs and a changed
// recipe makes every picture again.

/** Bump when the widths, formats or qualities change: every picture is made again under new keys. */
const RECIPE = 'v1 avif50e1 webp74e2 jpeg78p';

/** One libvips thread: the worker shares the machine with the API and the sync's own requests. */
sharp.concurrency(1);

export interface PictureLimits {
  /** Source pixels (width x height) past which the picture is refused before it is decoded. */
  maxPixels: number;
}

export class PictureRejectedError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'PictureRejectedError';
  }
}

export interface MadePicture {
  key: string;
  files: Map<string, Buffer>;
}

function hex(channel: number): string {
  return Math.max(0, Math.min(255, Math.round(channel)))
    .toString(16)
    .padStart(2, '0');
}

async function describe(bytes: Buffer, limits: PictureLimits) {
  try {
    const image = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new PictureRejectedError('corrupt', 'the file has no picture size');
    // Orientation 5-8 turns the picture a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    // The dominant colour of a thumbnail: the same colour, a tenth of the work.
    const { dominant } = await sharp(await image.clone().resize(64).toBuffer()).stats();
    return {
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      colour: `${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    };
  } catch (error) {
    if (error instanceof PictureRejectedError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message))
      throw new PictureRejectedError('too-large', `the picture has more than ${limits.maxPixels} pixels`);
    throw new PictureRejectedError('corrupt', `the file is not a picture that can be read (${message})`);
  }
}

/** The key and files of one source picture. */
export async function makePicture(bytes: Buffer, limits: PictureLimits): Promise<MadePicture> {
  const { width, height, colour } = await describe(bytes, limits);
  const hash = createHash('sha256').update(RECIPE).update(bytes).digest('hex').slice(0, 20);
  const key = pictureKey(hash, width, height, colour);
  const source = () => sharp(bytes, { limitInputPixels: limits.maxPixels }).rotate();
  const files = new Map<string, Buffer>();
  try {
    for (const w of pictureWidths(width)) {
      // Decoded and resized once per width; the three encodings share that.
      const { data, info } = await source()
        .resize({ width: w, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      const base = () => sharp(data, { raw });
      // Efforts measured on the sandbox's 1000 px mockups at 960 px: AVIF effort 1 takes 0.2 s for
      // 8 KB where effort 4 takes 3 s for 6.6 KB; WebP effort 2 and plain JPEG are a tenth of the
      // time of effort 4 and mozjpeg for a few KB more. The sync makes every picture of a catalogue.
      files.set(`${w}.avif`, await base().avif({ quality: 50, effort: 1 }).toBuffer());
      files.set(`${w}.webp`, await base().webp({ quality: 74, effort: 2 }).toBuffer());
      files.set(
        `${w}.jpg`,
        await base()
          .flatten({ background: `#${colour}` })
          .jpeg({ quality: 78, progressive: true })
          .toBuffer(),
      );
    }
    files.set(
      PICTURE_OG.file,
      await source()
        .resize({ width: PICTURE_OG.width, height: PICTURE_OG.height, fit: 'contain', background: `#${colour}` })
        .flatten({ background: `#${colour}` })
        .jpeg({ quality: 80, progressive: true })
        .toBuffer(),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PictureRejectedError('corrupt', `the picture could not be made (${message})`);
  }
  return { key, files };
}
