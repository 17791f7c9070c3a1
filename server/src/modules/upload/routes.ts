/**
 * Image upload (spec part 2 section 7.2):
 *   POST /api/backend/uploadController/uploadImg   multipart, one file (PNG, JPEG, GIF or WebP, at most 10 MB)
 *                                                 → { id, url, fileName, size, contentType, createdAt }
 *   GET  /api/backend/uploadController/img/:id     the image itself (no session: the id is unguessable)
 *   GET  /api/backend/uploadController/imgInfo     ?id= → the image's details, within the caller's organisation
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { defineRoutes } from '../../platform/http';
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
  defineRoutes(ctx.app, 'backend', (r) => {
    r.post(
      '/uploadController/uploadImg',
      {
        audit: '上传图片',
        bodyLimit: IMAGE_LIMIT_BYTES + 1024 * 1024,
        summary: '上传图片（PNG、JPEG、GIF、WebP，不超过 10 MB）',
      },
      async ({ session, req }) => {
        const { fileName, data } = await readOneFile(req);
        return svc.storeImage(session, fileName, data);
      },
    );

    r.get(
      '/uploadController/img/:id',
      { auth: 'none', raw: true, summary: '查看上传的图片' },
      async ({ req, reply }) => {
        const img = await svc.open((req.params as { id: string }).id);
        return reply
          .header('content-type', img.contentType)
          .header('content-length', img.size)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(img.body);
      },
    );

    r.get(
      '/uploadController/imgInfo',
      {
        query: z.object({ id: z.string({ error: 'id：请传入图片 id' }).trim().min(1, 'id：请传入图片 id') }),
        summary: '图片信息（本机构）',
      },
      ({ session, query }) => svc.find(session.orgId, query.id),
    );
  });
}
