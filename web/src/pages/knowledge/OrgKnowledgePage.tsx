import { Tabs } from 'antd';
import { useHasSign } from '../../app/session';
import { AskPanel } from './AskPanel';
import { BaseView } from './BaseView';
import { GapsView, RatingsView } from './GapsView';

/** /instituionklg 机构知识库: the organisation's base; its keepers also see the gaps and the ratings. */
export default function OrgKnowledgePage() {
  const canEdit = useHasSign('knowledge:edit');
  const base = (
    <>
      <AskPanel base={2} />
      <BaseView base={2} canEdit={canEdit} />
    </>
  );
  return (
    <div className="page-card">
      {canEdit ? (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'base', label: '机构知识', children: base },
            { key: 'gaps', label: '知识缺口', children: <GapsView /> },
            { key: 'ratings', label: '回答评价', children: <RatingsView /> },
          ]}
        />
      ) : (
        base
      )}
    </div>
  );
}
