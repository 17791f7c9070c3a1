import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DiskStorage, type Storage } from '../../platform/storage';
import { readWavHeader } from './wavHeader';

/** ffmpeg and ffprobe: Debian's by default, or the paths in FFMPEG_PATH / FFPROBE_PATH. */
export const FFMPEG = process.env.FFMPEG_PATH ?? (existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : 'ffmpeg');
export const FFPROBE = process.env.FFPROBE_PATH ?? (existsSync('/usr/bin/ffprobe') ? '/usr/bin/ffprobe' : 'ffprobe');

/** Raw .pcm files carry no header: they are read as 16-bit little-endian mono at this rate (PCM_SAMPLE_RATE). */
export const PCM_SAMPLE_RATE = Number(process.env.PCM_SAMPLE_RATE ?? 8000);

export interface ProbeResult {
  durationMs: number;
  channels: number;
  sampleRate: number;
  codec: string;
  formatName: string;
  hasVideo: boolean;
  /** Format and stream tags (title, comment, artist …), where telephony exports often put the phone number. */
  tags: Record<string, string>;
}

/** ffmpeg decodes far faster than real time: a run this long is a damaged or hostile file, and is stopped. */
export const FFMPEG_TIMEOUT_MS = 30 * 60_000;
const FFPROBE_TIMEOUT_MS = 60_000;

/** Runs a tool (ffmpeg, ffprobe) to its end, collecting its output; killed after `timeoutMs`. */
export function run(
  cmd: string,
  args: string[],
  opts: { stdout?: boolean; timeoutMs?: number } = {},
): Promise<{ stdout: Buffer; stderr: string; code: number }> {
  const timeoutMs = opts.timeoutMs ?? FFMPEG_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`音频处理超时（超过 ${Math.round(timeoutMs / 60_000) || 1} 分钟），文件可能已损坏`));
    }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      if (opts.stdout !== false) out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 4000) err += d.toString();
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), stderr: err.trim(), code: code ?? 1 });
    });
  });
}

function inputArgs(path: string, ext: string): string[] {
  return ext === 'pcm' ? ['-f', 's16le', '-ar', String(PCM_SAMPLE_RATE), '-ac', '1', '-i', path] : ['-i', path];
}

/**
 * Reads what a file is by its content. Returns null when it holds no audio stream (not audio, or unreadable). A plain
 * WAV is read in process; everything else by ffprobe.
 */
export async function probe(path: string, ext: string): Promise<ProbeResult | null> {
  if (ext !== 'pcm') {
    const wav = await readWavHeader(path).catch(() => null);
    if (wav) return wav;
  }
  return ffprobe(path, ext);
}

/** What ffprobe says of a file (exported for the test that holds the WAV reader to it). */
export async function ffprobe(path: string, ext: string): Promise<ProbeResult | null> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];
  const res = await run(
    FFPROBE,
    [
      ...args,
      ...(ext === 'pcm' ? ['-f', 's16le', '-ar', String(PCM_SAMPLE_RATE), '-ch_layout', 'mono'] : []),
      '-i',
      path,
    ],
    { timeoutMs: FFPROBE_TIMEOUT_MS },
  );
  if (res.code !== 0) return null;
  let info: { streams?: any[]; format?: any };
  try {
    info = JSON.parse(res.stdout.toString());
  } catch {
    return null;
  }
  const audio = info.streams?.find((s) => s.codec_type === 'audio');
  if (!audio) return null;
  const duration = Number(audio.duration ?? info.format?.duration ?? 0);
  const tags: Record<string, string> = { ...(info.format?.tags ?? {}), ...(audio.tags ?? {}) };
  return {
    durationMs: Number.isFinite(duration) ? Math.round(duration * 1000) : 0,
    channels: Number(audio.channels ?? 1),
    sampleRate: Number(audio.sample_rate ?? 0),
    codec: String(audio.codec_name ?? ''),
    formatName: String(info.format?.format_name ?? ''),
    hasVideo: !!info.streams?.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1),
    tags,
  };
}

/**
 * Decodes a file to 16-bit PCM at `sampleRate`, one Float32Array per channel (at most 2: left, right).
 * Used by the VAD (audio metrics) and the ASR engines.
 */
export async function decodeChannels(
  path: string,
  ext: string,
  sampleRate = 16000,
  channels: 1 | 2 = 2,
): Promise<Float32Array[]> {
  const res = await run(FFMPEG, [
    '-v',
    'error',
    ...inputArgs(path, ext),
    '-vn',
    '-ac',
    String(channels),
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    '-',
  ]);
  if (res.code !== 0) throw new Error(`音频解码失败：${res.stderr || `ffmpeg 退出码 ${res.code}`}`);
  const pcm = new Int16Array(res.stdout.buffer, res.stdout.byteOffset, Math.floor(res.stdout.length / 2));
  const frames = Math.floor(pcm.length / channels);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) out[c][i] = pcm[i * channels + c] / 32768;
  return out;
}

/** The browser-playable form of an extension: mp3 for .wav .pcm .m4a .amr .wma .aac, mp4 for .mov, else none. */
export function playableExt(ext: string): 'mp3' | 'mp4' | null {
  if (['wav', 'pcm', 'm4a', 'amr', 'wma', 'aac'].includes(ext)) return 'mp3';
  if (ext === 'mov') return 'mp4';
  return null;
}

/** Transcodes `path` to mp3 or mp4 into `outPath`. */
export async function transcode(path: string, ext: string, to: 'mp3' | 'mp4', outPath: string): Promise<void> {
  const codec =
    to === 'mp3'
      ? ['-vn', '-codec:a', 'libmp3lame', '-q:a', '4']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-movflags', '+faststart'];
  const res = await run(FFMPEG, ['-v', 'error', '-y', ...inputArgs(path, ext), ...codec, '-f', to, outPath], {
    stdout: false,
  });
  if (res.code !== 0) throw new Error(`转码失败：${res.stderr || `ffmpeg 退出码 ${res.code}`}`);
}

export const MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  wma: 'audio/x-ms-wma',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
  mov: 'video/quicktime',
  pcm: 'application/octet-stream',
};

/**
 * Runs `fn` with a local path of a stored object: the file itself on disk storage, a temporary copy with S3.
 */
export async function withLocalFile<T>(storage: Storage, key: string, fn: (path: string) => Promise<T>): Promise<T> {
  if (storage instanceof DiskStorage) return fn(storage.path(key));
  const dir = await mkdtemp(join(tmpdir(), 'crm-audio-'));
  const path = join(dir, key.split('/').pop() ?? 'audio');
  try {
    await pipeline(await storage.get(key), createWriteStream(path));
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A temporary directory for the duration of `fn`. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'crm-rec-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Finds a Chinese mobile or fixed-line number in a file name or tag text (e.g. 13800138000_20240101.wav). */
export function findPhone(...texts: (string | undefined)[]): string | null {
  for (const t of texts) {
    if (!t) continue;
    const m = t.match(/(?<!\d)(?:\+?86[-\s]?)?(1[3-9]\d{9})(?!\d)/) ?? t.match(/(?<!\d)(0\d{2,3}-?\d{7,8})(?!\d)/);
    if (m) return m[1].replace('-', '');
  }
  return null;
}
