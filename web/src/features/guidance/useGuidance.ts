import { type CallAnswer, contract } from '@crm/core/contract';
import type { AudioEvent, GuidanceCard } from '@crm/core/contract/guidance';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../api/client';
import { useCallMutation } from '../../api/hooks';
import { getToken } from '../../app/session';
import { usePush } from '../../notices/push';
import { type AudioSender, sendAudio } from './audioStream';

const G = contract.aiGuidance;
type Sop = CallAnswer<typeof G.start>['sop'];

export interface Line {
  key: string;
  speaker: 'agent' | 'customer';
  text: string;
  partial: boolean;
}

/**
 * A live guidance session in the browser: start it, stream the agent's and the customer's audio, show the transcript
 * (partials replaced by sentences), the cards pushed for it, the SOP progress; mark cards; end it.
 */
export function useGuidance() {
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [cards, setCards] = useState<GuidanceCard[]>([]);
  const [sop, setSop] = useState<Sop>({ ruleName: null, items: [] });
  const [error, setError] = useState<string | null>(null);
  const senders = useRef<AudioSender[]>([]);

  usePush('guidance_card', (card) => {
    if (card.sessionId !== sessionId) return;
    setCards((cs) => [card, ...cs.filter((c) => c.id !== card.id)]);
    if (card.kind === 'sop' && sessionId)
      void callApi(G.detail, { sessionId }, { silent: true })
        .then((d) => setSop(d.sop))
        .catch(() => undefined);
  });

  const onEvent = (e: AudioEvent) => {
    if (e.type === 'error') return setError(e.msg);
    setLines((ls) => {
      const rest = ls.filter((l) => !(l.partial && l.speaker === e.speaker));
      if (e.type === 'partial')
        return [...rest, { key: `p-${e.speaker}`, speaker: e.speaker, text: e.text, partial: true }];
      return [...rest, { key: `s-${e.id}`, speaker: e.speaker, text: e.text, partial: false }];
    });
  };

  const stopAudio = () => {
    for (const s of senders.current.splice(0)) s.stop();
  };
  // leaving the page stops the audio (the session ends by itself when its audio stops)
  useEffect(() => {
    const current = senders.current;
    return () => {
      for (const s of current.splice(0)) s.stop();
    };
  }, []);

  const end = useCallMutation(G.end, { success: '实时指导已结束', invalidate: [G.pagelist] });
  const mark = useCallMutation(G.markCard, {
    onSuccess: (a) =>
      setCards((cs) => cs.map((c) => (c.id === a.id ? { ...c, state: a.state, stateName: a.stateName } : c))),
  });

  return {
    sessionId,
    lines,
    cards,
    sop,
    error,
    ending: end.isPending,
    /** Starts a session and streams the two speakers' audio. */
    begin: async (
      input: { guideType: 1 | 2; title?: string; callId?: number },
      audio: { agent: MediaStream; customer: MediaStream },
    ) => {
      setError(null);
      setLines([]);
      setCards([]);
      const started = await callApi(G.start, { ...input, sampleRate: 16000 });
      setSessionId(started.sessionId);
      setSop(started.sop);
      const token = getToken() ?? '';
      for (const speaker of ['agent', 'customer'] as const)
        senders.current.push(
          sendAudio({
            stream: audio[speaker],
            sessionId: started.sessionId,
            speaker,
            token,
            sampleRate: 16000,
            onEvent,
          }),
        );
      return started.sessionId;
    },
    finish: () => {
      stopAudio();
      if (sessionId) end.mutate({ sessionId });
      setSessionId(null);
    },
    mark: (cardId: number, state: 1 | 2) => mark.mutate({ cardId, state }),
  };
}
