import type { Call, CallInput } from '@crm/core/contract';
import { SignedDownload } from '../../components/SignedDownload';

/** 导出 of a statistics table (sign stats:export). */
export function ExportButton<C extends Call>(p: { call: C; input: CallInput<C> }) {
  return <SignedDownload sign="stats:export" {...p} />;
}
