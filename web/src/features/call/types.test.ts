import { describe, expect, it } from 'vitest';
import { asrErrorText, NO_ENGINE_HINT } from './types';

describe('asrErrorText', () => {
  it.each([
    ['ASR_ENGINE=foo 无效：可选 sherpa、openai、funasr 或留空', NO_ENGINE_HINT],
    ['ASR_MODEL_DIR 目录不存在：/models', NO_ENGINE_HINT],
    ['语音识别服务返回 HTTP 503：engine overloaded', '语音识别服务返回 HTTP 503：engine overloaded'],
    [null, ''],
  ])('%s → %s', (msg, out) => expect(asrErrorText(msg)).toBe(out));
});
