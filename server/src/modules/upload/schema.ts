import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * An image uploaded through POST /uploadController/uploadImg (feedback screenshots, certification documents,
 * avatars …). The file lives in the storage adapter under `fileKey`; it is served by its unguessable `publicId`.
 */
export const uploadedImage = pgTable(
  'uploaded_image',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull(),
    /** 24 base64url characters (144 random bits): the id in the image's URL. */
    publicId: varchar('public_id', { length: 32 }).notNull(),
    fileKey: varchar('file_key', { length: 300 }).notNull(),
    /** Sniffed from the magic bytes: image/png, image/jpeg, image/gif or image/webp. */
    contentType: varchar('content_type', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploaded_image_public_id_uq').on(t.publicId),
    index('uploaded_image_org_idx').on(t.organizationId, t.createdAt),
  ],
);
