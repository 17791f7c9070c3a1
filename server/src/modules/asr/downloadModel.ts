// `npm run models:download [-- paraformer|sensevoice] [--dir <folder>]`: fetches a Mandarin model for the `sherpa`
// engine from the official sherpa-onnx release and unpacks it; then set ASR_ENGINE=sherpa and ASR_MODEL_DIR.
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const RELEASE = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models';
export const MODELS = {
  /** SenseVoice small: Mandarin, Cantonese, English, Japanese, Korean; punctuation and ITN. Recommended. */
  sensevoice: 'sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17',
  /** Paraformer-zh (large, int8 included): Mandarin with English. */
  paraformer: 'sherpa-onnx-paraformer-zh-2024-03-09',
} as const;

async function main() {
  const args = process.argv.slice(2);
  const which = (args.find((a) => !a.startsWith('-') && args[args.indexOf(a) - 1] !== '--dir') ??
    'sensevoice') as keyof typeof MODELS;
  const name = MODELS[which];
  if (!name) {
    console.error(`未知模型「${which}」：可选 ${Object.keys(MODELS).join('、')}`);
    process.exit(2);
  }
  const dirArg = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : undefined;
  const root = resolve(dirArg ?? join(process.env.DATA_DIR ?? './data', 'models'));
  const target = join(root, name);
  if (existsSync(join(target, 'tokens.txt'))) {
    console.log(`模型已存在：${target}\n设置 ASR_ENGINE=sherpa ASR_MODEL_DIR=${target}`);
    return;
  }
  mkdirSync(root, { recursive: true });
  const url = `${RELEASE}/${name}.tar.bz2`;
  const archive = join(root, `${name}.tar.bz2`);
  console.log(`下载 ${url}`);
  try {
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(30 * 60_000) });
    if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
    const total = Number(res.headers.get('content-length') ?? 0);
    let got = 0;
    let shown = 0;
    const body = Readable.fromWeb(res.body as never);
    body.on('data', (d: Buffer) => {
      got += d.length;
      if (total && got - shown > total / 20) {
        shown = got;
        process.stdout.write(`  ${Math.round((got / total) * 100)}%\n`);
      }
    });
    await pipeline(body, createWriteStream(archive));
  } catch (e) {
    rmSync(archive, { force: true });
    console.error(
      `无法下载模型（${(e as Error).message}）。\n` +
        '本机可能无法访问 GitHub：请在能联网的机器上运行本命令，或手动下载\n' +
        `  ${url}\n` +
        `解压到某个目录，然后设置 ASR_ENGINE=sherpa ASR_MODEL_DIR=<该目录>。\n` +
        '也可改用 ASR_ENGINE=openai（兼容 OpenAI 的转写服务）或 ASR_ENGINE=funasr（FunASR 服务）。',
    );
    process.exit(1);
  }
  console.log(`解压到 ${root}`);
  execFileSync('tar', ['xjf', archive, '-C', root], { stdio: 'inherit' });
  rmSync(archive, { force: true });
  console.log(`完成。设置 ASR_ENGINE=sherpa ASR_MODEL_DIR=${target}`);
}

await main();
