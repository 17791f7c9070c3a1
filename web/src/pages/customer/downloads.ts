import type { Call, CallInput } from '@crm/core/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';

/** Saves the file a download call of the contract answers (GET: its input is the query). */
const download = <C extends Call>(call: C, input?: CallInput<C>) =>
  api[call.base].download(call.path, input, { method: call.method === 'GET' ? 'GET' : 'POST' });

/**
 * A download of the import and export calls: `mutate(input)`; `isPending` while the file comes, a failure shown
 * by the client.
 */
export function useDownload<C extends Call>(call: C) {
  return useMutation({
    mutationFn: (input?: CallInput<C>) => download(call, input),
    // the client has shown the failure
    onError: () => {},
  });
}
