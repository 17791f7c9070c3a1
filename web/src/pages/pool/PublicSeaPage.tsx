import { Tabs } from 'antd';
import { useHasSign } from '../../app/session';
import { AutoAssignTab } from './AutoAssignTab';
import { PoolsTab } from './PoolsTab';
import { SeaLeadsTab } from './SeaLeadsTab';

/** /customerPublicsea 公海客户: the pools' leads; for administrators the pools and the automatic assignment rules. */
export default function PublicSeaPage() {
  const manages = useHasSign('publicsea:edit');
  const assigns = useHasSign('autoassign:edit');
  return (
    <div style={{ padding: 16 }}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'leads', label: '公海客户', children: <SeaLeadsTab /> },
          ...(manages ? [{ key: 'pools', label: '公海管理', children: <PoolsTab /> }] : []),
          ...(assigns ? [{ key: 'assign', label: '自动分配规则', children: <AutoAssignTab /> }] : []),
        ]}
      />
    </div>
  );
}
