import { Tabs } from 'antd';
import { useHasSign } from '../../app/session';
import { CompletionTab } from './CompletionTab';
import { LibraryTab } from './LibraryTab';
import { ManageTab } from './ManageTab';
import { MyTrainings } from './MyTrainings';

/**
 * /staffTraining 员工培训: everyone studies their own trainings (我的培训); holders of training:view manage those of
 * their data scope, see completion and the example library (training:edit assigns, edits, transfers and deletes).
 */
export default function StaffTrainingPage() {
  const views = useHasSign('training:view');
  const edits = useHasSign('training:edit');
  const manages = views || edits;
  if (!manages)
    return (
      <div className="page-card">
        <MyTrainings />
      </div>
    );
  return (
    <div className="page-card">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'manage', label: '培训管理', children: <ManageTab /> },
          { key: 'completion', label: '完成情况', children: <CompletionTab /> },
          { key: 'library', label: '案例库', children: <LibraryTab /> },
          { key: 'mine', label: '我的培训', children: <MyTrainings /> },
        ]}
      />
    </div>
  );
}
