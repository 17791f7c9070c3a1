import type { Call, CallInput } from '@crm/core/contract';
import { SignedDownload } from '../../components/SignedDownload';

/** 导出 of a board's table (sign board:export). */
export function BoardExport<C extends Call>(p: { call: C; input: CallInput<C>; label?: string }) {
  return <SignedDownload sign="board:export" {...p} />;
}
