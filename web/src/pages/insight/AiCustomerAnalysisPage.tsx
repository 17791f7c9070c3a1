import { AiCustomerList } from './AiCustomerList';

/** /main/AiCustomerAnalysis AI 客户分析: customers ranked by their latest intention. */
export default function AiCustomerAnalysisPage() {
  return <AiCustomerList kind="aiSale" />;
}
