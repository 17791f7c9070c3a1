import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FFMPEG, ffprobe, probe } from './audio';
import { readWavHeader } from './wavHeader';

const dir = mkdtempSync(join(tmpdir(), 'wav-header-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tone written by ffmpeg with the given output options. */
function wav(name: string, opts: string[], seconds = '1.37'): string {
  const path = join(dir, name);
  execFileSync(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, ...opts, path]);
  return path;
}

describe('recording: the WAV header read in process says what ffprobe says', () => {
  const cases: [string, string[]][] = [
    ['s16-8k-mono.wav', ['-ar', '8000', '-ac', '1', '-c:a', 'pcm_s16le']],
    ['s16-16k-stereo.wav', ['-ar', '16000', '-ac', '2', '-c:a', 'pcm_s16le']],
    ['alaw.wav', ['-ar', '8000', '-ac', '1', '-c:a', 'pcm_alaw']],
    ['mulaw-stereo.wav', ['-ar', '8000', '-ac', '2', '-c:a', 'pcm_mulaw']],
    ['u8.wav', ['-ar', '11025', '-ac', '1', '-c:a', 'pcm_u8']],
    ['s24.wav', ['-ar', '44100', '-ac', '2', '-c:a', 'pcm_s24le']],
    ['f32.wav', ['-ar', '48000', '-ac', '1', '-c:a', 'pcm_f32le']],
    ['extensible.wav', ['-ar', '8000', '-ac', '3', '-c:a', 'pcm_s16le']],
    ['tagged.wav', ['-ar', '8000', '-ac', '1', '-metadata', 'title=13800138000', '-metadata', 'comment=客户 张三']],
  ];
  for (const [name, opts] of cases)
    it(name, async () => {
      const path = wav(name, opts);
      const own = await readWavHeader(path);
      const theirs = await ffprobe(path, 'wav');
      expect(own).not.toBeNull();
      expect(theirs).not.toBeNull();
      expect({ ...own, durationMs: 0 }).toEqual({
        ...theirs,
        durationMs: 0,
        tags: Object.fromEntries(Object.entries(theirs!.tags).filter(([k]) => k in own!.tags)),
      });
      expect(Math.abs(own!.durationMs - theirs!.durationMs)).toBeLessThanOrEqual(1);
      if (name === 'tagged.wav') expect(own!.tags).toMatchObject({ title: '13800138000', comment: '客户 张三' });
    });

  it('leaves other codecs, truncated headers and non-WAV files to ffprobe', async () => {
    expect(await readWavHeader(wav('adpcm.wav', ['-ar', '8000', '-ac', '1', '-c:a', 'adpcm_ima_wav']))).toBeNull();
    const mp3 = wav('tone.mp3', ['-ar', '8000', '-ac', '1']);
    expect(await readWavHeader(mp3)).toBeNull();
    expect((await probe(mp3, 'mp3'))?.codec).toBe('mp3');
    const cut = join(dir, 'cut.wav');
    writeFileSync(cut, Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'));
    expect(await readWavHeader(cut)).toBeNull();
    expect(await probe(cut, 'wav')).toBeNull();
    const text = join(dir, 'text.wav');
    writeFileSync(text, '这不是音频');
    expect(await probe(text, 'wav')).toBeNull();
  });
});
