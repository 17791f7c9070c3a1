import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Messages } from '@crm/core';
import type { CallAnswer, contract } from '@crm/core/contract';
import parseRange from 'range-parser';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden, loginExpired, notFound } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { MIME, playableExt, transcode, withLocalFile, withTempDir } from './audio';
import { findRecording, type RecordingRow, recordingInOrg, updateRecording } from './rows';

/**
 * Listening to a recording: who may (a session with recording:view, or anyone holding a share ticket), the
 * browser-playable copy (transcoded once, kept in storage) and the HTTP Range answer.
 */

const TICKET = 'callDetail';
/** How long a share link of a call detail works. */
const TICKET_SECONDS = 30 * 24 * 3600;

/** A share ticket (maskId) for the public call detail of one recording the session may see. */
export async function shareTicket(
  ctx: AppContext,
  s: Session,
  recordId: number,
): Promise<CallAnswer<typeof contract.recording.getMaskId>> {
  const row = await findRecording(ctx.db, s, recordId);
  return { recordId: row.id, maskId: await ticketOf(ctx, row) };
}

/**
 * The share ticket of one recording, for a module that has already decided its user may study the call whatever
 * their data scope (an assigned training): the caller answers for that decision.
 */
export function ticketOf(ctx: AppContext, row: Pick<RecordingRow, 'organizationId' | 'id'>): Promise<string> {
  return ctx.tokens.issueTicket(TICKET, { org: row.organizationId, rid: row.id }, TICKET_SECONDS);
}

const MEDIA = 'media';
/** How long a media link works: long enough to listen to a call, short enough that a leaked link soon dies. */
const MEDIA_SECONDS = 3600;

/**
 * A short-lived signed link to play one recording (`?media=`: HMAC-SHA256 over the organisation, the recording and an
 * expiry, by the server's key): what `<audio>` elements are given instead of the session's token, which would land in
 * server logs and the browser's history. Issued only to a session that may see the recording.
 */
export async function mediaLink(ctx: AppContext, row: RecordingRow): Promise<string> {
  const media = await ctx.tokens.issueTicket(MEDIA, { org: row.organizationId, rid: row.id }, MEDIA_SECONDS);
  return `/api/robot/recording/v1/play?media=${encodeURIComponent(media)}`;
}

/**
 * The recording a call detail or playback asks for: by share ticket (maskId) or media link, whoever asks; else by
 * id, for a session holding recording:view whose data scope covers it.
 */
export async function resolveRecording(
  ctx: AppContext,
  session: Session | null,
  q: { id?: number; recordId?: number; maskId?: string; media?: string },
): Promise<RecordingRow> {
  if (q.media) {
    const t = await ctx.tokens.verifyTicket(MEDIA, q.media);
    if (!t) throw loginExpired('播放链接已过期，请刷新页面');
    const row = await recordingInOrg(ctx.db, Number(t.org), Number(t.rid));
    if (!row) throw notFound('录音不存在');
    return row;
  }
  if (q.maskId) {
    const t = await ctx.tokens.verifyTicket(TICKET, q.maskId);
    if (!t) throw loginExpired(Messages.iframeExpired);
    const row = await recordingInOrg(ctx.db, Number(t.org), Number(t.rid));
    if (!row) throw notFound('录音不存在');
    return row;
  }
  if (!session) throw loginExpired(Messages.notLoggedIn);
  if (!session.isSuperAdmin && !session.signs.has('recording:view')) throw forbidden();
  const rid = q.id ?? q.recordId;
  if (!rid) throw badRequest('id：请传入录音 id');
  return findRecording(ctx.db, session, rid);
}

/** The storage key and extension of the browser-playable form, transcoding (once; kept in storage) when needed. */
async function playable(ctx: AppContext, row: RecordingRow): Promise<{ key: string; ext: string }> {
  const to = playableExt(row.ext);
  if (!to) return { key: row.fileKey, ext: row.ext };
  let playKey = row.playKey;
  if (!playKey || (await ctx.storage.size(playKey)) === null) {
    const target = `play/${row.organizationId}/${row.id}.${to}`;
    await withLocalFile(ctx.storage, row.fileKey, (src) =>
      withTempDir(async (dir) => {
        const out = join(dir, `out.${to}`);
        await transcode(src, row.ext, to, out);
        await ctx.storage.put(target, createReadStream(out), MIME[to]);
      }),
    );
    await updateRecording(ctx.db, row.organizationId, row.id, { playKey: target });
    playKey = target;
  }
  return { key: playKey, ext: to };
}

/** What to answer a playback request: status, headers and the bytes (none for 416). */
export interface Playback {
  status: 200 | 206 | 416;
  headers: Record<string, string | number>;
  body?: Readable;
}

/**
 * The playable file, whole (200) or the one range asked for (206; 416 when it lies outside the file). A header that
 * is not one satisfiable byte range (malformed, another unit, several ranges) is answered with the whole file.
 */
export async function playback(ctx: AppContext, row: RecordingRow, rangeHeader: string | undefined): Promise<Playback> {
  const { key, ext } = await playable(ctx, row);
  const size = await ctx.storage.size(key);
  if (size === null) throw notFound('录音文件不存在');
  const headers = {
    'accept-ranges': 'bytes',
    'content-type': MIME[ext] ?? 'application/octet-stream',
    'cache-control': 'private, max-age=3600',
  };
  // A suffix longer than the file means the whole file (RFC 9110 14.1.2); range-parser would call it unsatisfiable.
  const header = rangeHeader?.replace(/^bytes=-(\d+)$/, (whole, n) => (Number(n) > size ? 'bytes=0-' : whole));
  const ranges = header?.startsWith('bytes=') ? parseRange(size, header, { combine: true }) : -2;
  if (ranges === -1) return { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } };
  if (ranges !== -2 && ranges.length === 1) {
    const { start, end } = ranges[0];
    return {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 },
      body: await ctx.storage.get(key, { start, end }),
    };
  }
  return { status: 200, headers: { ...headers, 'content-length': size }, body: await ctx.storage.get(key) };
}
