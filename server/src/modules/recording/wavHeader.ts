import { open } from 'node:fs/promises';
import type { ProbeResult } from './audio';

/**
 * Reads a plain WAV file's header in process: what ffprobe would say of it, without starting a process (about 80 ms of
 * CPU an upload on this kind of machine, most of an upload's cost). Only the codecs a telephony export writes are
 * read here: PCM (8/16/24/32-bit, float), A-law and µ-law, also inside WAVE_FORMAT_EXTENSIBLE. Anything else, or a
 * header that does not add up, answers null and ffprobe decides.
 */
export async function readWavHeader(path: string): Promise<ProbeResult | null> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const at = async (offset: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    };
    const riff = await at(0, 12);
    if (riff.length < 12 || riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE')
      return null;
    let fmt: Buffer | null = null;
    let data: { offset: number; size: number } | null = null;
    const tags: Record<string, string> = {};
    let offset = 12;
    for (let chunks = 0; offset + 8 <= size && chunks < 64; chunks++) {
      const head = await at(offset, 8);
      const id = head.toString('latin1', 0, 4);
      const length = head.readUInt32LE(4);
      const body = offset + 8;
      if (id === 'fmt ') fmt = await at(body, Math.min(length, 40));
      else if (id === 'data') data = { offset: body, size: Math.min(length, size - body) };
      else if (id === 'LIST' && length <= 65_536) Object.assign(tags, infoTags(await at(body, length)));
      offset = body + length + (length % 2);
    }
    if (!fmt || fmt.length < 16 || !data) return null;
    const channels = fmt.readUInt16LE(2);
    const sampleRate = fmt.readUInt32LE(4);
    const blockAlign = fmt.readUInt16LE(12);
    const bits = fmt.readUInt16LE(14);
    let format = fmt.readUInt16LE(0);
    if (format === 0xfffe && fmt.length >= 26) format = fmt.readUInt16LE(24);
    const codec = codecName(format, bits);
    if (!codec || channels < 1 || channels > 8 || sampleRate < 1 || sampleRate > 384_000) return null;
    if (blockAlign !== (channels * bits) / 8) return null;
    return {
      durationMs: Math.round((data.size / blockAlign / sampleRate) * 1000),
      channels,
      sampleRate,
      codec,
      formatName: 'wav',
      hasVideo: false,
      tags,
    };
  } finally {
    await fh.close();
  }
}

/** ffprobe's codec names for the WAV format codes read here. */
function codecName(format: number, bits: number): string | null {
  if (format === 1) return { 8: 'pcm_u8', 16: 'pcm_s16le', 24: 'pcm_s24le', 32: 'pcm_s32le' }[bits] ?? null;
  if (format === 3) return { 32: 'pcm_f32le', 64: 'pcm_f64le' }[bits] ?? null;
  if (format === 6 && bits === 8) return 'pcm_alaw';
  if (format === 7 && bits === 8) return 'pcm_mulaw';
  return null;
}

/** The RIFF INFO ids under the tag names ffprobe gives them (title and comment are where phone numbers are put). */
const INFO_TAGS: Record<string, string> = {
  INAM: 'title',
  ICMT: 'comment',
  IART: 'artist',
  ICRD: 'date',
  IGNR: 'genre',
  ICOP: 'copyright',
  IPRD: 'album',
  ISFT: 'encoder',
  ITRK: 'track',
};

function infoTags(list: Buffer): Record<string, string> {
  const tags: Record<string, string> = {};
  if (list.toString('latin1', 0, 4) !== 'INFO') return tags;
  for (let p = 4; p + 8 <= list.length; ) {
    const id = list.toString('latin1', p, p + 4);
    const length = list.readUInt32LE(p + 4);
    const text = list
      .subarray(p + 8, Math.min(list.length, p + 8 + length))
      .toString('utf8')
      .replace(/\0+$/, '');
    if (INFO_TAGS[id] && text) tags[INFO_TAGS[id]] = text;
    p += 8 + length + (length % 2);
  }
  return tags;
}
