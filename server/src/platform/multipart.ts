import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, tooLarge } from './errors';

/**
 * The one reader of multipart requests (recording upload, chunks, images, import files): file names are cleaned,
 * text fields are refused when they hold U+0000 (as JSON bodies are, in http.ts), and the size and count limits
 * answer in Chinese.
 */

export interface MultipartLimits {
  /** Largest file in bytes. */
  maxBytes: number;
  /** Most files in one request. */
  maxFiles?: number;
  /** What the request is asked for, for the messages: 'file：请以 multipart/form-data 上传图片'. */
  notMultipart: string;
  /** Said when more than maxFiles files arrive. */
  tooMany?: string;
  /** Said when a file is over maxBytes (default: names the file and the limit). */
  tooLarge?: string;
}

/**
 * A file name as the user named it: UTF-8 that arrived read as latin1 is decoded back, control characters
 * (U+0000 among them, which PostgreSQL refuses) and any folder part are removed.
 */
export function uploadedFileName(raw: string | undefined, fallback: string): string {
  let name = raw ?? '';
  if ([...name].every((c) => c.charCodeAt(0) <= 0xff)) {
    const decoded = Buffer.from(name, 'latin1').toString('utf8');
    if (!decoded.includes('\uFFFD')) name = decoded;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  name = name.replace(/[\u0000-\u001f\u007f]/g, '');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).trim();
  return name.slice(-200) || fallback;
}

export const megabytes = (bytes: number) => Math.round(bytes / 1048576);

/**
 * Reads every part of a multipart request in order: each file is handed to `onFile` (which must consume its stream),
 * text fields are collected. A file over the limit answers 413 naming it.
 */
export async function readMultipart<T>(
  req: FastifyRequest,
  limits: MultipartLimits,
  onFile: (file: MultipartFile, fileName: string) => Promise<T>,
): Promise<{ files: T[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest(limits.notMultipart);
  const files: T[] = [];
  const fields: Record<string, string> = {};
  const fileTooLarge = (name?: string) =>
    tooLarge(limits.tooLarge ?? `文件${name ? `「${name}」` : ''}超过大小上限 ${megabytes(limits.maxBytes)} MB`);
  try {
    for await (const part of req.parts({
      limits: { fileSize: limits.maxBytes, ...(limits.maxFiles ? { files: limits.maxFiles } : {}) },
    })) {
      if (part.type === 'file') {
        const fileName = uploadedFileName(part.filename, 'file');
        files.push(await onFile(part, fileName));
        if (part.file.truncated) throw fileTooLarge(fileName);
      } else {
        const value = String(part.value ?? '');
        if (value.includes('\u0000') || part.fieldname.includes('\u0000'))
          throw badRequest(`${part.fieldname.replaceAll('\u0000', '')}：不能包含空字符（U+0000）`);
        fields[part.fieldname] = value;
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest(limits.tooMany ?? '文件数量超过上限');
    throw badRequest(`上传内容格式错误：${(e as Error).message}`);
  }
  return { files, fields };
}
