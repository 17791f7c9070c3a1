/**
 * Image upload (spec part 2 section 7.2): the calls of contract.upload.
 *   POST uploadImg   multipart, one file (PNG, JPEG, GIF or WebP, at most 10 MB) → the image
 *   GET  img/:id     the image itself (no session: the id is unguessable)
 *   GET  imgInfo     ?id= → the image's details, within the caller's organisation
 */
import { contract } from '@crm/core/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { implement } from '../../platform/http';
import { readMultipart } from '../../platform/multipart';
import { IMAGE_LIMIT_BYTES, IMAGE_LIMIT_MSG, type UploadService } from './service';

/** Reads the one file of a multipart request into memory, refusing more than the limit. */
async function readOneFile(req: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  const { files } = await readMultipart(
    req,
    {
      maxBytes: IMAGE_LIMIT_BYTES,
      maxFiles: 2,
      notMultipart: 'file：请以 multipart/form-data 上传图片',
      tooMany: 'file：一次只能上传一张图片',
      tooLarge: IMAGE_LIMIT_MSG,
    },
    async (part, fileName) => ({ fileName, data: await part.toBuffer() }),
  );
  if (files.length > 1) throw badRequest('file：一次只能上传一张图片');
  if (!files[0]) throw badRequest('file：请选择要上传的图片');
  return files[0];
}

export function uploadRoutes(ctx: AppContext, svc: UploadService): void {
  const { app } = ctx;
  const c = contract.upload;
  implement(
    app,
    c.uploadImage,
    { audit: '上传图片', bodyLimit: IMAGE_LIMIT_BYTES + 1024 * 1024 },
    async ({ session, req }) => {
      const { fileName, data } = await readOneFile(req);
      return svc.storeImage(session, fileName, data);
    },
  );
  implement(app, c.image, { auth: 'none', raw: true }, async ({ req, reply }) => {
    const img = await svc.open((req.params as { id: string }).id);
    return reply
      .header('content-type', img.contentType)
      .header('content-length', img.size)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(img.body);
  });
  implement(app, c.imageInfo, {}, ({ session, query }) => svc.info(session, query.id));
}
