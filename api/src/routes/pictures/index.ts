import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from '@shop/shared';
import {
  negotiatePictureFormat,
  parsePictureKey,
  PICTURE_DEFAULT_WIDTH,
  PICTURE_FILE_EXTENSIONS,
  PICTURE_OG,
  pictureMediaType,
  pictureWidthFor,
  pictureWidths,
} from '@shop/shared/pictures';
import { pictureParamsSchema, type PictureParams } from '@shop/shared/schemas';
import { createPictureStore } from '@shop/shared/server/pictures';

// The product pictures the worker made (docs/performance.md#product-pictures). A picture's URL
// addresses its bytes, so every answer is cached for a year as immutable; `<width>` answers the
// best format the browser's Accept names (AVIF, WebP, else JPEG) and says it varies by Accept;
// `<width>.jpg` and `og.jpg` are JPEG for every client (e-mails, payment pages, link previews).
// Nothing is made here: a picture the worker has not made is 404.

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The stored file an address names, and whether its format was negotiated. */
function fileFor(
  params: PictureParams,
  accept: string | undefined,
): { file: string; type: string; negotiated: boolean } {
  const ref = parsePictureKey(params.key);
  if (!ref) throw new AppError('not-found', MESSAGES.pictureNotFound);
  if (params.file === PICTURE_OG.file) return { file: PICTURE_OG.file, type: 'image/jpeg', negotiated: false };
  const jpeg = params.file?.endsWith('.jpg') ?? false;
  const width = params.file ? Number.parseInt(params.file, 10) : pictureWidthFor(ref, PICTURE_DEFAULT_WIDTH);
  if (!pictureWidths(ref.width).includes(width)) throw new AppError('not-found', MESSAGES.pictureNotFound);
  const format = jpeg ? 'jpeg' : negotiatePictureFormat(accept);
  return { file: `${width}.${PICTURE_FILE_EXTENSIONS[format]}`, type: pictureMediaType(format), negotiated: !jpeg };
}

export default async function pictureRoutes(app: FastifyInstance) {
  const store = createPictureStore(app.config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { summary: 'A product picture of the store, at one width', params: pictureParamsSchema };
  // Pictures are static files a page asks for by the dozen: the API's per-client request budget is for its work.
  const options = { schema, config: { rateLimit: false as const } };

  for (const url of ['/:key', '/:key/:file'])
    r.get(url, options, async (request, reply) => {
      const { file, type, negotiated } = fileFor(request.params, request.headers.accept);
      if (negotiated) reply.header('Vary', 'Accept');
      const found = store ? await store.read(request.params.key, file) : null;
      if (!found) throw new AppError('not-found', MESSAGES.pictureNotFound);
      const etag = `"${request.params.key}/${file}"`;
      reply
        .header('Cache-Control', IMMUTABLE)
        .header('ETag', etag)
        // E-mails and link previews show them from other origins.
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) {
        found.body.destroy();
        return reply.status(304).send();
      }
      return reply.type(type).header('Content-Length', found.size).send(found.body);
    });
}
