import type { CallAnswer, contract } from '@crm/core/contract';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import type { AsrService } from '../asr';

/**
 * /hotWord: the organisation's hot words, kept in the one store of the speech-to-text settings (/asrConfig), so that
 * a word added here also helps transcription and one added there also counts as a keyword.
 */

type HotWords = CallAnswer<(typeof contract.aiSetting)['hotWordList']>;

export const MAX_HOT_WORDS = 200;

export async function hotWords(asr: AsrService, s: Session): Promise<HotWords> {
  return { hotWords: (await asr.getConfig(s)).hotWords };
}

export async function addHotWords(asr: AsrService, s: Session, words: string[]): Promise<HotWords> {
  const current = (await asr.getConfig(s)).hotWords;
  const next = [...new Set([...current, ...words])];
  if (next.length > MAX_HOT_WORDS) throw badRequest(`words：热词最多 ${MAX_HOT_WORDS} 个（已有 ${current.length} 个）`);
  return asr.saveHotWords(s, next);
}

export async function removeHotWords(asr: AsrService, s: Session, words: string[]): Promise<HotWords> {
  const drop = new Set(words);
  const current = (await asr.getConfig(s)).hotWords;
  return asr.saveHotWords(
    s,
    current.filter((w) => !drop.has(w)),
  );
}
