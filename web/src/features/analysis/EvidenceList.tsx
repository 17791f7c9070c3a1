import { SpeakerLabel } from '@crm/core';
import { Typography } from 'antd';
import { type Evidence, type OnEvidence, sameEvidence } from './evidence';
import { clock, splitMatch } from './format';

/** A sentence with the words that matched marked. */
export function Marked({ text, match }: { text: string; match?: string }) {
  const [before, hit, after] = splitMatch(text, match);
  return (
    <>
      {before}
      {hit && <mark style={{ background: '#ffe58f', padding: 0 }}>{hit}</mark>}
      {after}
    </>
  );
}

/**
 * The sentences (with their times) that support one result. Clicking one opens it in the transcript and seeks the
 * audio there; without `onOpen` (no transcript beside it) they are only read.
 */
export function EvidenceList({
  items,
  onOpen,
  opened,
  max = 3,
}: {
  items: Evidence[];
  onOpen?: OnEvidence;
  opened?: Evidence | null;
  /** At most this many (the strongest come first). */
  max?: number;
}) {
  if (!items.length) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2, marginTop: 4 }}>
      {items.slice(0, max).map((ev) => {
        const open = sameEvidence(opened, ev);
        return (
          <button
            type="button"
            key={`${ev.segment}-${ev.startMs}-${ev.match ?? ''}`}
            data-testid="evidence"
            data-opened={open ? 'true' : undefined}
            onClick={onOpen ? () => onOpen(ev) : undefined}
            disabled={!onOpen}
            title={onOpen ? '定位到通话文本并播放' : undefined}
            style={{
              all: 'unset',
              cursor: onOpen ? 'pointer' : 'default',
              fontSize: 12,
              lineHeight: '18px',
              padding: '2px 6px',
              borderRadius: 4,
              background: open ? '#fff1b8' : '#f6f8fa',
              borderLeft: `3px solid ${ev.speaker === 'agent' ? '#1677ff' : '#52c41a'}`,
            }}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12, marginRight: 6 }}>
              {clock(ev.startMs)} {SpeakerLabel[ev.speaker]}
            </Typography.Text>
            <Marked text={ev.text} match={ev.match} />
          </button>
        );
      })}
    </div>
  );
}
