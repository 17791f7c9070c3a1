import { jieba } from '../keywords';

/**
 * Features of a piece of normalised text for the learned layer: character bigrams and trigrams (robust to ASR
 * errors and unknown words) and jieba words and word bigrams (meaning), each once, under a prefix naming whose
 * words they are (`c` customer, `a` agent). Runs of text (turns) are kept apart so that no n-gram crosses a turn.
 */
export function textFeatures(parts: string[], prefix: string, out: Set<string>): void {
  const { jieba: j } = jieba();
  for (const text of parts) {
    if (!text) continue;
    const chars = [...text];
    for (let i = 0; i < chars.length; i++) {
      if (i + 1 < chars.length) out.add(`${prefix}2${chars[i]}${chars[i + 1]}`);
      if (i + 2 < chars.length) out.add(`${prefix}3${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
    }
    if (chars.length === 1) out.add(`${prefix}1${text}`);
    const words = j.cut(text, false);
    let prev = '^';
    for (const w of words) {
      out.add(`${prefix}w${w}`);
      out.add(`${prefix}b${prev}_${w}`);
      prev = w;
    }
    out.add(`${prefix}b${prev}_$`);
  }
}

/** The turns of a call as the learned layer reads them: normalised text per segment, by real role. */
export interface ModelTurn {
  seg: number;
  role: 'agent' | 'customer';
  norm: string;
}

/** Call-level features: the customer's turns under `c`, the agent's under `a`. */
export function callFeatures(turns: ModelTurn[]): string[] {
  const out = new Set<string>();
  textFeatures(
    turns.filter((t) => t.role === 'customer').map((t) => t.norm),
    'c',
    out,
  );
  textFeatures(
    turns.filter((t) => t.role === 'agent').map((t) => t.norm),
    'a',
    out,
  );
  return [...out];
}

/** Turn-level features of one segment (its role's prefix). */
export function turnFeatures(turn: ModelTurn): string[] {
  const out = new Set<string>();
  textFeatures([turn.norm], turn.role === 'customer' ? 'c' : 'a', out);
  return [...out];
}
