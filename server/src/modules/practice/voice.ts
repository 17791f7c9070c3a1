import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { readMultipart } from '../../platform/multipart';
import { practiceSession } from './schema';
import { readSecret } from './secret';

/** A spoken line is at most this long (bytes of the browser's recording). */
export const VOICE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The voice channel: the browser's recording of what the seat said, under the short-lived credential of its running
 * session, decoded and recognised by the organisation's ASR engine (the asr module's face). The text is what the
 * browser then says (via 2).
 */
export async function recogniseVoice(ctx: AppContext, secret: string, req: FastifyRequest): Promise<{ text: string }> {
  const claims = readSecret(ctx.config.secretsKey, secret);
  if (!claims) throw badRequest('语音凭证无效或已过期，请重新开始说话');
  const [row] = await ctx.db
    .select({ status: practiceSession.status })
    .from(practiceSession)
    .where(
      and(
        eq(practiceSession.id, claims.sessionId),
        eq(practiceSession.organizationId, claims.orgId),
        eq(practiceSession.userId, claims.userId),
      ),
    );
  if (row?.status !== 1) throw badRequest('本次陪练已结束');
  const { files } = await readMultipart(
    req,
    { maxBytes: VOICE_MAX_BYTES, maxFiles: 1, notMultipart: 'file：请以 multipart/form-data 上传录音' },
    async (file, name) => ({
      audio: await file.toBuffer(),
      ext: (name.split('.').pop() ?? 'webm').toLowerCase().replace(/[^a-z0-9]/g, '') || 'webm',
    }),
  );
  if (!files.length) throw badRequest('file：请上传录音');
  const text = await ctx.services.asr.transcribeClip(claims.orgId, files[0].audio, files[0].ext);
  if (!text) throw badRequest('没有识别到说话内容，请重试');
  return { text };
}
