import type { Cite } from '@crm/core/contract/insight';

/** The call detail opened at a cited sentence (the transcript highlights it and the audio starts there). */
export const citeHref = (c: Pick<Cite, 'recordingId' | 'segment' | 'startMs'>) =>
  `/callDetail?id=${c.recordingId}&seg=${c.segment}&t=${c.startMs}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** 01:05 from milliseconds. */
export const clock = (ms: number) => `${pad(Math.floor(ms / 60_000))}:${pad(Math.floor(ms / 1000) % 60)}`;

/** The short label of a citation: the call's day and time, and the sentence's time in the call. */
export const citeLabel = (c: Pick<Cite, 'callTime' | 'startMs'>) =>
  `${c.callTime ? c.callTime.slice(5, 16) : '通话'} · ${clock(c.startMs)}`;

/**
 * Opens a call in a new tab. Not 'noopener': the tab must get a copy of this tab's session (sessionStorage); the link
 * back is cut after.
 */
export function openCall(href: string): void {
  const tab = window.open(href, '_blank');
  if (tab) tab.opener = null;
}
