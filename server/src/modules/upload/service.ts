import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatDateTime } from '@crm/core';
import { IMAGE_URL_BASE, type UploadedImage } from '@crm/core/contract/upload';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { scoped } from '../../platform/scope';
import type { Session } from '../../platform/session';
import type { Storage } from '../../platform/storage';
import { ACCEPTED_IMAGES, sniffImage } from './image';
import { uploadedImage } from './schema';

/** The largest image accepted: 10 MB. */
export const IMAGE_LIMIT_BYTES = 10 * 1024 * 1024;
export const IMAGE_LIMIT_MSG = '图片大小不能超过 10 MB';

const PUBLIC_ID = /^[A-Za-z0-9_-]{24}$/;

type Row = typeof uploadedImage.$inferSelect;

const view = (r: Row): UploadedImage => ({
  id: r.publicId,
  url: `${IMAGE_URL_BASE}${r.publicId}`,
  fileName: r.fileName,
  size: r.size,
  contentType: r.contentType,
  createdAt: formatDateTime(r.createdAt) ?? '',
});

/** Stores and serves uploaded images; other modules check an image id belongs to their organisation with `find`. */
export class UploadService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  async storeImage(session: Session, fileName: string, data: Buffer): Promise<UploadedImage> {
    if (!data.length) throw badRequest('file：图片内容为空');
    if (data.length > IMAGE_LIMIT_BYTES) throw badRequest(IMAGE_LIMIT_MSG);
    const type = sniffImage(data);
    if (!type) throw badRequest(`file：仅支持上传 ${ACCEPTED_IMAGES} 格式的图片`);
    const publicId = randomBytes(18).toString('base64url');
    const fileKey = `images/${session.orgId}/${publicId}.${type.ext}`;
    await this.storage.put(fileKey, data, type.contentType);
    try {
      const [row] = await this.db
        .insert(uploadedImage)
        .values({
          organizationId: session.orgId,
          publicId,
          fileKey,
          contentType: type.contentType,
          size: data.length,
          fileName: (fileName || `image.${type.ext}`).slice(0, 255),
          uploadedBy: session.userId,
        })
        .returning();
      return view(row);
    } catch (e) {
      await this.storage.delete(fileKey).catch(() => {});
      throw e;
    }
  }

  /** An image of the caller's organisation by its id (imgInfo); another organisation's id answers 数据不存在. */
  info(session: Session, id: string): Promise<UploadedImage> {
    return this.lookup(scoped(session, uploadedImage), id);
  }

  /**
   * For other modules, which may hold only the organisation's id (jobs, imports): an image of the organisation by its
   * id; another organisation's id (or an unknown one) answers 数据不存在.
   */
  find(orgId: number, id: string): Promise<UploadedImage> {
    return this.lookup(eq(uploadedImage.organizationId, orgId), id);
  }

  private async lookup(organisation: SQL, id: string): Promise<UploadedImage> {
    if (!PUBLIC_ID.test(id)) throw notFound();
    const [row] = await this.db
      .select()
      .from(uploadedImage)
      .where(and(organisation, eq(uploadedImage.publicId, id)))
      .limit(1);
    if (!row) throw notFound();
    return view(row);
  }

  /** Which of these ids are images of the organisation (order attachments must be). */
  async existing(orgId: number, ids: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(ids.filter((id) => PUBLIC_ID.test(id)))];
    if (!wanted.length) return new Set();
    const rows = await this.db
      .select({ id: uploadedImage.publicId })
      .from(uploadedImage)
      .where(and(eq(uploadedImage.organizationId, orgId), inArray(uploadedImage.publicId, wanted)));
    return new Set(rows.map((r) => r.id));
  }

  /** The image's bytes for the public URL. */
  async open(id: string): Promise<{ contentType: string; size: number; body: Readable }> {
    if (!PUBLIC_ID.test(id)) throw notFound('图片不存在');
    const [row] = await this.db.select().from(uploadedImage).where(eq(uploadedImage.publicId, id)).limit(1);
    if (!row) throw notFound('图片不存在');
    return { contentType: row.contentType, size: row.size, body: await this.storage.get(row.fileKey) };
  }
}
