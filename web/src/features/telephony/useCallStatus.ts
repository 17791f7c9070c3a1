import { contract } from '@crm/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { keyOf, useCallQuery } from '../../api/hooks';
import { usePush } from '../../notices/push';

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
  usePush('call_status', (pushed) => {
    if (callId && pushed.callId === callId)
      void qc.invalidateQueries({ queryKey: keyOf(contract.telephony.callDetail, { callId }) });
  });
  return call.data ?? null;
}

export const STATUS_COLOR: Record<number, string> = { 1: 'default', 102: 'processing', 2: 'success', 3: 'error' };
