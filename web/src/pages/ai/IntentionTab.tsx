import { contract } from '@crm/core/contract';
import { Alert, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import type { OnRuleChange } from './AiSettingPage';

const c = contract.aiSetting;

/** 意向规则: the organisation's own phrases for each intention label, beside the built-in ones. */
export function IntentionTab({ onRuleChange }: { onRuleChange: OnRuleChange }) {
  const names = useCallQuery(c.intentionNameValues, undefined);
  const rules = useCallQuery(c.getIntentionRules, undefined);
  const [phrases, setPhrases] = useState<Record<number, string[]>>({});
  useEffect(() => {
    if (rules.data) setPhrases(Object.fromEntries(rules.data.items.map((r) => [r.value, r.phrases])));
  }, [rules.data]);
  const save = useCallMutation(c.saveIntentionRules, {
    success: '保存成功',
    invalidate: [c.getIntentionRules],
    onSuccess: onRuleChange,
  });
  const rows = (names.data ?? []).map((n) => ({
    ...n,
    rule: rules.data?.items.find((r) => r.value === n.value),
  }));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="客户说出某意向等级的话术时，通话判为该意向。内置话术始终生效，可补充本机构的说法（每个等级最多 100 条）。"
      />
      <Table
        rowKey="value"
        size="middle"
        pagination={false}
        loading={names.isLoading || rules.isLoading}
        dataSource={rows}
        columns={[
          { title: '意向等级', dataIndex: 'name', width: 110, render: (v: string) => <Tag color="blue">{v}</Tag> },
          {
            title: '内置话术',
            key: 'default',
            width: 360,
            render: (_, r) => (
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}
                style={{ margin: 0 }}
              >
                {r.rule?.defaultPhrases.join('、') || '-'}
              </Typography.Paragraph>
            ),
          },
          {
            title: '本机构话术',
            key: 'phrases',
            render: (_, r) => (
              <Select
                mode="tags"
                open={false}
                style={{ width: '100%' }}
                tokenSeparators={[',', '，', '、']}
                placeholder="输入后回车添加"
                value={phrases[r.value] ?? []}
                onChange={(v: string[]) => setPhrases({ ...phrases, [r.value]: v })}
                data-testid={`intention-phrases-${r.value}`}
              />
            ),
          },
        ]}
      />
      <Button
        type="primary"
        loading={save.isPending}
        disabled={!rows.length}
        onClick={() => save.mutate({ items: rows.map((r) => ({ value: r.value, phrases: phrases[r.value] ?? [] })) })}
      >
        保存意向规则
      </Button>
    </Space>
  );
}
