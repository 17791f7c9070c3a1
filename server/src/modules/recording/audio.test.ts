import { describe, expect, it } from 'vitest';
import { run } from './audio';

describe('recording: running ffmpeg and ffprobe', () => {
  it('a tool that runs past its time is killed with a clear message', async () => {
    const started = Date.now();
    await expect(run('sleep', ['10'], { timeoutMs: 200 })).rejects.toThrow('音频处理超时');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a tool that ends in time gives its output and exit code', async () => {
    const res = await run('sh', ['-c', 'printf 你好; echo 出错 >&2; exit 3'], { timeoutMs: 5000 });
    expect(res).toEqual({ stdout: Buffer.from('你好'), stderr: '出错', code: 3 });
  });
});
