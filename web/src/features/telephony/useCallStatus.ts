import { contract } from '@crm/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keyOf, useCallQuery } from '../../api/hooks';
import { PUSH_EVENT } from '../../notices/mqtt';

/** What the server pushes when a call record changes (telephony lifecycle.pushStatus). */
export interface CallStatusPush {
  type: 'call_status';
  callId: string;
  status: number;
  ended: boolean;
}

/**
 * A call's record, live: every MQTT push about it refetches the record; the organisation's 通话状态刷新 setting adds a
 * poll (its interval) while the call is under way, for networks where the push does not get through.
 */
export function useLiveCall(callId: string | null) {
  const qc = useQueryClient();
  const refresh = useCallQuery(contract.orgSettings.getCallStatusRefresh, undefined, { staleTime: 60_000 });
  const pollMs = refresh.data?.status === 1 ? refresh.data.intervalSeconds * 1000 : false;
  const call = useCallQuery(
    contract.telephony.callDetail,
    { callId: callId ?? '' },
    {
      enabled: Boolean(callId),
      refetchInterval: (d) => (d?.ended && (d.recordingId || d.status !== 2) ? false : pollMs),
    },
  );
  useEffect(() => {
    if (!callId) return;
    const onPush = (e: Event) => {
      const msg = (e as CustomEvent<CallStatusPush>).detail;
      if (msg?.type === 'call_status' && msg.callId === callId)
        void qc.invalidateQueries({ queryKey: keyOf(contract.telephony.callDetail, { callId }) });
    };
    window.addEventListener(PUSH_EVENT, onPush);
    return () => window.removeEventListener(PUSH_EVENT, onPush);
  }, [callId, qc]);
  return call.data ?? null;
}

export const STATUS_COLOR: Record<number, string> = { 1: 'default', 102: 'processing', 2: 'success', 3: 'error' };
