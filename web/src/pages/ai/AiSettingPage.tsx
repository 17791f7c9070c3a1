import { Card, Result, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useHasSign } from '../../app/session';
import { ui } from '../../app/ui';
import { ReanalyseRangeModal } from '../../features/analysis/Reanalyse';
import { FieldsTab } from './FieldsTab';
import { HotWordsTab } from './HotWordsTab';
import { IntentionTab } from './IntentionTab';
import { ModelTab } from './ModelTab';
import { MsgPushTab } from './MsgPushTab';
import { PacksTab } from './PacksTab';
import { RiskTab } from './RiskTab';
import { ShowSetTab } from './ShowSetTab';
import { TagsTab } from './TagsTab';

/** Told by a tab after it saved a rule that changes what the analysis finds. */
export type OnRuleChange = () => void;

/**
 * /main/aiSetting AI 设置: AI tags, intention rules, hot words, AI fields, risk rules, the analysis model, message
 * push, what shows, and the AI analysis packs. `?tab=` opens a tab (the header's account tip opens `packs`). After a
 * rule changes, the page offers to re-analyse a date range.
 */
export default function AiSettingPage() {
  const [params, setParams] = useSearchParams();
  const canEdit = useHasSign('analysis:edit');
  const canViewCost = useHasSign('cost:view');
  const [rangeOpen, setRangeOpen] = useState(false);
  const onRuleChange: OnRuleChange = () =>
    ui.modal.confirm({
      title: '规则已保存',
      content: '新规则只用于之后分析的通话。是否按时间范围重新分析已有通话？',
      okText: '重新分析',
      cancelText: '暂不',
      onOk: () => setRangeOpen(true),
    });
  const tabs = [
    ...(canEdit
      ? [
          { key: 'tags', label: 'AI 标签', children: <TagsTab onRuleChange={onRuleChange} /> },
          { key: 'intention', label: '意向规则', children: <IntentionTab onRuleChange={onRuleChange} /> },
          { key: 'hotWords', label: '热词', children: <HotWordsTab onRuleChange={onRuleChange} /> },
          { key: 'fields', label: 'AI 字段', children: <FieldsTab onRuleChange={onRuleChange} /> },
          { key: 'risk', label: '风险规则', children: <RiskTab onRuleChange={onRuleChange} /> },
          { key: 'model', label: '分析模型', children: <ModelTab /> },
          { key: 'push', label: '消息推送', children: <MsgPushTab /> },
          { key: 'show', label: '显示设置', children: <ShowSetTab /> },
        ]
      : []),
    ...(canEdit || canViewCost ? [{ key: 'packs', label: 'AI 资源包', children: <PacksTab /> }] : []),
  ];
  if (!tabs.length) return <Result status="403" title="无权限访问" subTitle="需要 AI 设置或费用中心权限" />;
  const active = tabs.some((t) => t.key === params.get('tab')) ? params.get('tab')! : tabs[0].key;
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
      <ReanalyseRangeModal
        open={rangeOpen}
        reason="规则已更新：重新分析后，所选时间范围内的通话将按新规则给出结果。"
        onClose={() => setRangeOpen(false)}
      />
    </div>
  );
}
