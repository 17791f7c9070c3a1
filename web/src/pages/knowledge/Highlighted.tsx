import type { ReactNode } from 'react';

/** The text with each of the words marked (<mark>), longest words first so that 试听课 wins over 试听. */
export function Highlighted({ text, words }: { text: string; words: string[] }) {
  const ws = [...new Set(words.filter((w) => w.trim()))].sort((a, b) => b.length - a.length);
  if (!ws.length) return <>{text}</>;
  const re = new RegExp(`(${ws.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  // split with a capturing group: the odd parts are the matches; each part's offset keys it
  const out: ReactNode[] = [];
  let at = 0;
  let odd = false;
  for (const part of text.split(re)) {
    out.push(odd ? <mark key={at}>{part}</mark> : <span key={at}>{part}</span>);
    at += part.length + (odd ? 0 : 0.5);
    odd = !odd;
  }
  return <>{out}</>;
}
