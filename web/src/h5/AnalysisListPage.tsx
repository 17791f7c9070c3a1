import { AnalyseList } from '../wecom/app/AnalysePage';
import { callPath } from './paths';

/** 通话分析 (/analysisH5/index): the WeCom app's analysis list; a call opens /analysisH5/call. */
export default function AnalysisListPage() {
  return <AnalyseList detailPathOf={callPath} />;
}
