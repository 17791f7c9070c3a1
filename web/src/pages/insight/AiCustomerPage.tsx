import { AiCustomerList } from './AiCustomerList';

/** /main/aiCustomer AI 客户管理: customers ranked by AI label score (opening one uses the drawer, page code aikhgl). */
export default function AiCustomerPage() {
  return <AiCustomerList kind="aiClue" />;
}
