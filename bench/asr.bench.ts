// `npm run bench -- asr`: audio metrics (Silero VAD) speed on 10 minutes of stereo 8 kHz speech made with espeak-ng
// and sox, upload throughput, and — where ASR_MODEL_DIR holds a sherpa-onnx model — recognition speed and CER.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './report';

const AGENT = [
  '您好，我是星辰教育的课程顾问小王，请问您现在方便接听电话吗',
  '我们最近推出了一个少儿编程的体验课，可以免费试听两节',
  '课程是小班教学，每个班不超过八个孩子，老师都有五年以上的教学经验',
  '价格方面，正式课每节一百二十元，现在报名可以享受八折优惠',
  '好的，那我稍后把课程介绍和试听时间发到您的微信上',
];
const CUSTOMER = [
  '你好，方便的，你说吧',
  '孩子今年九岁，之前没有学过编程',
  '上课时间是周末吗，我们平时要上学',
  '价格有点贵，能不能再便宜一点',
  '可以，你发过来我看一下',
];
const SECONDS = 600;

function synth(dir: string): { path: string; agentText: string; firstMinute: string } {
  const seg = (text: string, name: string) => {
    const raw = join(dir, `${name}.raw.wav`);
    const out = join(dir, `${name}.wav`);
    execFileSync('espeak-ng', ['-v', 'cmn', '-s', '165', text, '-w', raw]);
    execFileSync('sox', [raw, '-r', '8000', '-c', '1', '-b', '16', out]);
    return { path: out, len: Number(execFileSync('soxi', ['-D', out]).toString()) };
  };
  const a = AGENT.map((t, i) => seg(t, `a${i}`));
  const c = CUSTOMER.map((t, i) => seg(t, `c${i}`));
  const sil = (s: number, name: string) => {
    const p = join(dir, `${name}.wav`);
    execFileSync('sox', ['-n', '-r', '8000', '-c', '1', '-b', '16', p, 'trim', '0', s.toFixed(3)]);
    return p;
  };
  const left: string[] = [];
  const right: string[] = [];
  let t = 0;
  let turn = 0;
  let agentText = '';
  let firstMinute = '';
  while (t < SECONDS) {
    const i = turn % AGENT.length;
    const gap = 0.6;
    left.push(a[i].path, sil(c[i].len + 2 * gap, `la${turn}`));
    right.push(sil(a[i].len + gap, `rb${turn}`), c[i].path, sil(gap, `ra${turn}`));
    if (t < 60) firstMinute += AGENT[i];
    agentText += AGENT[i];
    t += a[i].len + c[i].len + 2 * gap;
    turn++;
  }
  const l = join(dir, 'left.wav');
  const r = join(dir, 'right.wav');
  execFileSync('sox', [...left, l]);
  execFileSync('sox', [...right, r]);
  const path = join(dir, 'call.wav');
  execFileSync('sox', ['-M', l, r, path, 'trim', '0', String(SECONDS)]);
  return { path, agentText, firstMinute };
}

function cer(ref: string, hyp: string): number {
  const clean = (s: string) => [...s.replace(/[\s，。？！、,.?!]/g, '')];
  const a = clean(ref);
  const b = clean(hyp);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length] / Math.max(1, a.length);
}

export default async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'asr-bench-'));
  try {
    const { path, firstMinute } = synth(dir);
    const { decodeChannels } = await import('../server/src/modules/recording/audio');
    const { speechIntervals } = await import('../server/src/modules/asr/vad');
    const { computeMetrics } = await import('../server/src/modules/asr/metrics');

    // asr.vad_rtf: Silero VAD over both channels / audio time. asr.metrics_rtf adds decoding and the metrics.
    const t0 = performance.now();
    const [left, right] = await decodeChannels(path, 'wav', 16000, 2);
    const t1 = performance.now();
    const l = await speechIntervals(left);
    const r = await speechIntervals(right);
    const t2 = performance.now();
    computeMetrics(SECONDS * 1000, l, r, true);
    const t3 = performance.now();
    report('asr', 'vad_rtf', (t2 - t1) / 1000 / SECONDS, 'x');
    report('asr', 'metrics_rtf', (t3 - t0) / 1000 / SECONDS, 'x');

    await uploadThroughput(path, dir);

    if (process.env.ASR_MODEL_DIR) {
      const { SherpaEngine } = await import('../server/src/modules/asr/engines/sherpa');
      const engine = new SherpaEngine(process.env.ASR_MODEL_DIR);
      const minute = left.subarray(0, 16000 * 60);
      const s0 = performance.now();
      const segs = await engine.transcribe({ samples: minute, sampleRate: 16000, hotWords: [], name: 'bench' });
      const s1 = performance.now();
      report('asr', 'rtf', (s1 - s0) / 1000 / 60, 'x');
      const hyp = segs.map((s) => s.text).join('');
      // the reference: the agent sentences that start within the first minute (the last one may be cut)
      report('asr', 'cer', cer(firstMinute, hyp), 'ratio');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** MB/s through the upload call (probe, hash, store, metadata), in process, PGlite in memory, no job worker running. */
async function uploadThroughput(path: string, dir: string) {
  const { loadConfig } = await import('../server/src/platform/config');
  const { openDatabase } = await import('../server/src/platform/db');
  const { buildApp } = await import('../server/src/app');
  const { createOrganization } = await import('../server/src/modules/org/service');
  const { hashPassword } = await import('../server/src/platform/password');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    SEED: 'false',
    DATABASE_URL: '',
    WORKERS: 'none',
  });
  const database = await openDatabase({ dataDir: ':memory:' });
  await database.migrate();
  const built = await buildApp(config, database, { logger: false }); // queues created, no worker runs (WORKERS=none)
  await built.app.ready();
  try {
    const username = `bench_${Date.now()}`;
    await database.db.transaction((tx) =>
      hashPassword('bench@1234').then((passwordHash) =>
        createOrganization(tx, {
          name: '压测机构',
          admin: { username, realName: '压测', phone: `199${String(Date.now()).slice(-8)}`, passwordHash },
        }),
      ),
    );
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/backend/loginController/webLogin',
      payload: { account: username, password: 'bench@1234' },
    });
    const token = login.json().data.token as string;
    const base = readFileSync(path);
    const runs = 4;
    let bytes = 0;
    const start = performance.now();
    for (let k = 0; k < runs; k++) {
      const data = Buffer.from(base);
      data[1000 + k] ^= 1; // a different file each time (no deduplication)
      const boundary = `----bench${k}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bench${k}.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/backend/headset/uploadRecording',
        payload: body,
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      if (res.json().code !== 1) throw new Error(`upload failed: ${res.body}`);
      bytes += data.length;
    }
    const seconds = (performance.now() - start) / 1000;
    report('asr', 'upload_mb_per_s', bytes / 1024 / 1024 / seconds, 'MB/s');
    writeFileSync(join(dir, 'done'), '');
  } finally {
    await built.close();
    await database.close();
  }
}
