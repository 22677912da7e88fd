import { z } from 'zod';
import { PICTURE_KEY_PATTERN, PICTURE_OG } from '../pictures/index.js';

// GET /api/pictures/:key[/:file] (docs/contracts.md#http-api): a picture of the store's pipeline.

export const pictureParamsSchema = z.object({
  key: z.string().regex(PICTURE_KEY_PATTERN, { error: 'not a picture of this store' }),
  /** `<width>` (the format the browser accepts), `<width>.jpg`, or the link-preview `og.jpg`. */
  file: z
    .string()
    .regex(new RegExp(`^(?:[1-9]\\d{0,4}(?:\\.jpg)?|${PICTURE_OG.file.replace('.', '\\.')})$`), {
      error: 'not a picture size of this store',
    })
    .optional(),
});
export type PictureParams = z.infer<typeof pictureParamsSchema>;
