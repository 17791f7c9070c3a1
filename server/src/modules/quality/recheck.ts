import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import type { Session } from '../../platform/session';
import { reanalyse } from '../analysis';

/**
 * /aiCallCheck/recheck: the calls of a date range analysed again (the analysis module's re-analysis batch), which
 * re-runs every checker and listener, so hits, SOP results and scores follow the rules as they are now; the earlier
 * results move to the history tables. Progress: /asr/V1/reAnalyzeProgress with the batch id answered.
 */

type Calls = typeof contract.qualityCheck;

export function recheck(
  ctx: AppContext,
  s: Session,
  b: CallBody<Calls['recheck']>,
): Promise<CallAnswer<Calls['recheck']>> {
  return reanalyse(ctx, s, { startTime: b.startTime, endTime: b.endTime });
}
