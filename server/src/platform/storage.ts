import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from './config';

export interface ByteRange {
  start: number;
  end: number;
}

/** Where files live: local disk by default, any S3-compatible store when configured. Keys are relative paths. */
export interface Storage {
  kind: 'disk' | 's3';
  /** Writes the whole object before resolving: a stored file is durable when this returns. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<{ size: number }>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

export class DiskStorage implements Storage {
  readonly kind = 'disk';
  constructor(readonly root: string) {}

  /** Absolute path of a key; refuses keys that climb out of the root. */
  path(key: string): string {
    const p = resolve(this.root, key);
    if (!p.startsWith(resolve(this.root))) throw new Error(`bad storage key: ${key}`);
    return p;
  }

  async put(key: string, body: Buffer | Readable): Promise<{ size: number }> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(tmp));
      await rename(tmp, target);
    } catch (err) {
      // an aborted upload or a full disk leaves no half-written file behind
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: (await stat(target)).size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.path(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  constructor(private readonly cfg: NonNullable<Config['s3']>) {
    this.client = new S3Client({
      endpoint: cfg.endpoint,
      region: cfg.region,
      forcePathStyle: true,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    });
  }

  async put(key: string, body: Buffer | Readable, contentType?: string): Promise<{ size: number }> {
    const buf = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    await this.client.send(
      new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, Body: buf, ContentType: contentType }),
    );
    return { size: buf.length };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.cfg.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return res.Body as Readable;
  }

  async size(key: string): Promise<number | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      return res.ContentLength ?? null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }
}

export function createStorage(config: Config, tmpRoot?: string): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new DiskStorage(tmpRoot ?? join(config.dataDir, 'files'));
}
