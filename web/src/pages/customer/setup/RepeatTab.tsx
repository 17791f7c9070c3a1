import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Button, Card, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCallQuery } from '../../../api/hooks';
import { useFieldList, useSettingsMutation } from '../../../features/lead/settings';
import { NotedTab } from './editing';

/** A rule as the tab edits it. */
interface Rule {
  /** A key for the list only (not sent). */
  key: number;
  fieldNames: string[];
  enabled: 0 | 1;
  range: 1 | 2;
}

const c = contract.clueField.repeatRules;

/** Duplicate rules (clueFieldRepeat): which field combinations make two leads the same, and over which range. */
export function RepeatTab() {
  const defs = useFieldList();
  const rules = useCallQuery(c.get, undefined);
  const [items, setItems] = useState<Rule[]>([]);
  const save = useSettingsMutation(c.save, { success: '保存成功' });
  useEffect(() => {
    if (rules.data)
      setItems(
        rules.data.map((r, i) => ({
          key: i,
          fieldNames: r.fieldNames,
          enabled: r.enabled === 1 ? 1 : 0,
          range: r.range === 2 ? 2 : 1,
        })),
      );
  }, [rules.data]);
  const fieldOptions = (defs.data ?? [])
    .filter((d) => ['phone', 'name', 'company'].includes(d.fieldName) || d.isCustom === 1)
    .map((d) => ({ value: d.fieldName, label: d.fieldLabel }));
  const set = (i: number, patch: Partial<Rule>) => setItems(items.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <NotedTab note="新建、编辑、导入和还原客户时按以下规则查重；未设置规则时按手机号查重。同一规则内的字段需全部相同才算重复。">
      {items.map((r, i) => (
        <Card size="small" key={r.key}>
          <Space wrap>
            <Typography.Text>规则 {i + 1}</Typography.Text>
            <Select
              mode="multiple"
              style={{ minWidth: 320 }}
              placeholder="选择查重字段"
              options={fieldOptions}
              value={r.fieldNames}
              onChange={(v) => set(i, { fieldNames: v })}
            />
            <Select
              style={{ width: 200 }}
              value={r.range}
              onChange={(v) => set(i, { range: v })}
              options={[
                { value: 1, label: '全部数据（含回收站）' },
                { value: 2, label: '仅有效数据' },
              ]}
            />
            <Switch
              checkedChildren="启用"
              unCheckedChildren="停用"
              checked={r.enabled === 1}
              onChange={(on) => set(i, { enabled: on ? 1 : 0 })}
            />
            <MinusCircleOutlined onClick={() => setItems(items.filter((_, k) => k !== i))} />
          </Space>
        </Card>
      ))}
      <Space>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setItems([...items, { key: Date.now(), fieldNames: ['phone'], enabled: 1, range: 1 }])}
        >
          添加规则
        </Button>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() =>
            save.mutate({ rules: items.filter((r) => r.fieldNames.length).map(({ key: _key, ...r }) => r) })
          }
        >
          保存
        </Button>
      </Space>
    </NotedTab>
  );
}
