import { Card, Result, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useHasSign } from '../../app/session';
import { CheckTab } from './CheckTab';
import { ProhibitionTab } from './ProhibitionTab';
import { RegexTab } from './RegexTab';
import { SopTab } from './SopTab';

/**
 * /main/staffCheck 通话质检: AI 质检 list, 违禁词 (the lists and their hits), SOP 规则, 正则规则. `?tab=` opens a tab.
 * Holders of quality:view read; of quality:edit also change the rules.
 */
export default function StaffCheckPage() {
  const [params, setParams] = useSearchParams();
  const canEdit = useHasSign('quality:edit');
  const canView = useHasSign('quality:view') || canEdit;
  if (!canView) return <Result status="403" title="无权限访问" subTitle="需要查看质检权限" />;
  const tabs = [
    { key: 'check', label: 'AI 质检', children: <CheckTab canEdit={canEdit} /> },
    { key: 'prohibition', label: '违禁词', children: <ProhibitionTab canEdit={canEdit} /> },
    { key: 'sop', label: 'SOP 规则', children: <SopTab canEdit={canEdit} /> },
    { key: 'regex', label: '正则规则', children: <RegexTab canEdit={canEdit} /> },
  ];
  const active = tabs.some((t) => t.key === params.get('tab')) ? params.get('tab')! : 'check';
  return (
    <div style={{ padding: 16 }}>
      <Card size="small">
        <Tabs
          activeKey={active}
          onChange={(tab) => setParams({ tab }, { replace: true })}
          items={tabs}
          destroyOnHidden
        />
      </Card>
    </div>
  );
}
