import { TABLE_TYPE } from '../../features/lead/data';
import { ClueListView } from './ClueListView';

/** /customerManage 我的客户: the leads and customers the user's role may see. */
export default function CustomerManage() {
  return (
    <div style={{ padding: 16 }}>
      <ClueListView pageName="customerManage" tableType={TABLE_TYPE.customerManage} title="我的客户" />
    </div>
  );
}
