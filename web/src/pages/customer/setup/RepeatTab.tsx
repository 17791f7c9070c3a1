import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api, quietly } from '../../../api/client';
import { showSuccess } from '../../../app/ui';
import { useBusy } from '../../../components/useBusy';
import { useFieldDefs } from '../data';

interface Rule {
  /** A key for the list only (not sent). */
  key?: number;
  fieldNames: string[];
  enabled: 0 | 1;
  range?: 1 | 2;
}

/** Duplicate rules (clueFieldRepeat): which field combinations make two leads the same, and over which range. */
export function RepeatTab() {
  const defs = useFieldDefs();
  const rules = useQuery({
    queryKey: ['clue', 'repeatRules'],
    queryFn: () => api.robot.post<Rule[]>('/clue/clueFieldRepeat/get'),
  });
  const [items, setItems] = useState<Rule[]>([]);
  const [saving, run] = useBusy();
  useEffect(() => {
    if (rules.data)
      setItems(
        rules.data.map((r, i) => ({ key: i, fieldNames: r.fieldNames, enabled: r.enabled, range: r.range ?? 1 })),
      );
  }, [rules.data]);
  const fieldOptions = (defs.data ?? [])
    .filter((d) => ['phone', 'name', 'company'].includes(d.fieldName) || d.isCustom === 1)
    .map((d) => ({ value: d.fieldName, label: d.fieldLabel }));
  const set = (i: number, patch: Partial<Rule>) => setItems(items.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const save = async () => {
    await api.robot.post('/clue/clueFieldRepeat/save', {
      rules: items.filter((r) => r.fieldNames.length).map(({ key: _k, ...r }) => r),
    });
    showSuccess('保存成功');
    void rules.refetch();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="新建、编辑、导入和还原客户时按以下规则查重；未设置规则时按手机号查重。同一规则内的字段需全部相同才算重复。"
      />
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
              value={r.range ?? 1}
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
        <Button type="primary" loading={saving} onClick={() => run(() => quietly(save))}>
          保存
        </Button>
      </Space>
    </Space>
  );
}
