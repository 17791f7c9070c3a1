import { z } from 'zod';
import { backend } from './call';

/**
 * Image upload (spec part 2 section 7.2), under /api/backend: PNG, JPEG, GIF or WebP up to 10 MB, served at an
 * unguessable URL that works in <img src> without a session.
 */

/** Where an image is served: `${IMAGE_URL_BASE}${id}`. */
export const IMAGE_URL_BASE = '/api/backend/uploadController/img/';
/** The address of an image uploaded here, and nothing else (no other host, path or query): its id is group 1. */
export const IMAGE_URL_RE = /^\/api\/backend\/uploadController\/img\/([A-Za-z0-9_-]{24})$/;
/** The id of an image uploaded here from its address, or null for any other address. */
export const imageIdOf = (url: string): string | null => IMAGE_URL_RE.exec(url)?.[1] ?? null;

/** An uploaded image. */
export const UploadedImage = z.object({
  /** 24 base64url characters: the id in the image's URL. */
  id: z.string(),
  url: z.string(),
  fileName: z.string(),
  size: z.number(),
  /** Sniffed from the bytes: image/png, image/jpeg, image/gif or image/webp. */
  contentType: z.string(),
  createdAt: z.string(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

export const upload = {
  /** multipart/form-data, one file (any field name). */
  uploadImage: backend.post('/uploadController/uploadImg', '上传图片（PNG、JPEG、GIF、WebP，不超过 10 MB）', {
    answer: UploadedImage,
  }),
  /** The image itself (no session: the id is unguessable). */
  image: backend.get('/uploadController/img/:id', '查看上传的图片'),
  imageInfo: backend.get('/uploadController/imgInfo', '图片信息（本机构）', {
    query: z.object({ id: z.string({ error: '请选择图片' }).trim().min(1, '请选择图片') }),
    answer: UploadedImage,
  }),
};
