import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ImportWay } from '@crm/core';
import { type CallAnswer, contract } from '@crm/core/contract';
import type { AreaNode } from '@crm/core/contract/clue';
import {
  Alert,
  Button,
  Card,
  Cascader,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { DeleteLink } from '../../components/DeleteLink';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { type CascaderOption, toOptions, useAreaTree } from '../../features/lead/data';
import { useDictItems, useFieldList } from '../../features/lead/settings';
import { orderColumn } from './orderColumn';

type Rule = CallAnswer<typeof contract.autoAssign.list>[number];
const a = contract.autoAssign;
const READS = [a.list];

/** 自动分配规则: new leads go to the first enabled rule in this order that they match. */
export function AutoAssignTab() {
  const rules = useCallQuery(a.list, undefined);
  const [editing, setEditing] = useState<Rule | null | undefined>(undefined);
  const rows = rules.data ?? [];
  const sort = useCallMutation(a.sort, { invalidate: READS });
  const status = useCallMutation(a.setStatus, { invalidate: READS });
  return (
    <Card
      size="small"
      title="自动分配规则"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="add-rule">
          新建规则
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="导入（选择“按自动分配规则”）、管理员手动新建（未指定跟进人）和开放接口进入的新线索，按下表顺序由第一条匹配且启用的规则分配；无规则匹配时按原方式分配。"
      />
      <Table<Rule>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={rules.isLoading}
        dataSource={rows}
        data-testid="rule-table"
        columns={[
          orderColumn(rows, (ids) => sort.mutate({ ids })),
          { title: '规则名称', dataIndex: 'name', width: 180 },
          { title: '分配条件', dataIndex: 'conditionText', width: 260 },
          { title: '分配方式', dataIndex: 'modeName', width: 110 },
          {
            title: '接收人（今日/累计）',
            key: 'members',
            render: (_, r) => (
              <Space size={[4, 4]} wrap>
                {r.members.map((m) => (
                  <Tag key={m.userId}>
                    {m.realName}
                    {r.mode === 2 ? ` ×${m.weight}` : ''} {m.today}/{m.total}
                    {m.dailyCap ? `（日上限${m.dailyCap}）` : ''}
                  </Tag>
                ))}
                {r.skipOffWork === 1 && <Tag color="orange">跳过离线员工</Tag>}
              </Space>
            ),
          },
          {
            title: '状态',
            key: 'status',
            width: 80,
            render: (_, r) => (
              <Switch
                size="small"
                checked={r.status === 1}
                loading={status.isPending}
                onChange={(on) => status.mutate({ id: r.id, status: on ? 1 : 2 })}
              />
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_, r) => (
              <Space size={0}>
                <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
                <DeleteLink
                  title="删除规则"
                  description={`确定删除规则「${r.name}」？`}
                  success="已删除"
                  onDelete={() => callApi(a.del, { id: r.id }).then(() => rules.refetch())}
                />
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && <RuleModal rule={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}

function RuleModal({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const users = useCallQuery(a.users, undefined);
  const channels = useDictItems('channelSource');
  const save = useCallMutation(a.save, { success: '已保存', invalidate: READS, onSuccess: onClose });
  const areas = useAreaTree();
  const [form] = Form.useForm();
  const mode = Form.useWatch('mode', form);
  return (
    <FormModal
      title={rule ? '编辑自动分配规则' : '新建自动分配规则'}
      width={680}
      form={form}
      loading={save.isPending}
      onClose={onClose}
      initialValues={{
        name: rule?.name,
        mode: rule?.mode ?? 1,
        importWays: rule?.importWays ?? [],
        channelSourceIds: rule?.channelSourceIds ?? [],
        areas: (rule?.areaCodes ?? []).map(areaPath),
        customConditions: rule?.customConditions ?? [],
        skipOffWork: rule?.skipOffWork === 1,
        members: rule?.members.map((m) => ({ userId: m.userId, weight: m.weight, dailyCap: m.dailyCap })) ?? [
          { weight: 1, dailyCap: 0 },
        ],
      }}
      onSubmit={(v) =>
        save.mutate({
          ...(rule ? { id: rule.id, status: rule.status } : {}),
          name: v.name,
          mode: v.mode,
          importWays: v.importWays ?? [],
          channelSourceIds: v.channelSourceIds ?? [],
          areaCodes: (v.areas ?? []).map((path: string[]) => path[path.length - 1]),
          customConditions: (v.customConditions ?? []).filter(
            (c: { fieldName?: string; values?: string[] }) => c.fieldName && c.values?.length,
          ),
          skipOffWork: v.skipOffWork ? 1 : 2,
          members: (v.members ?? []).filter((m: { userId?: number }) => m.userId),
        })
      }
    >
      <Form.Item name="name" label="规则名称" rules={[{ required: true, whitespace: true, message: '请输入规则名称' }]}>
        <Input maxLength={30} data-testid="rule-name" />
      </Form.Item>
      <Form.Item name="importWays" label="导入方式" tooltip="不选则不限">
        <Select
          mode="multiple"
          allowClear
          placeholder="全部"
          data-testid="rule-import-ways"
          options={Object.entries(ImportWay).map(([v, label]) => ({ value: Number(v), label }))}
        />
      </Form.Item>
      <Form.Item name="channelSourceIds" label="渠道来源" tooltip="不选则不限">
        <Select mode="multiple" allowClear placeholder="全部" options={toOptions(channels.data)} />
      </Form.Item>
      <Form.Item name="areas" label="地区" tooltip="线索所在的省或市；不选则不限">
        <Cascader
          multiple
          showCheckedStrategy={Cascader.SHOW_PARENT}
          placeholder="全部"
          options={provincesAndCities(areas.data)}
          showSearch
          data-testid="rule-areas"
        />
      </Form.Item>
      <CustomConditions />
      <Form.Item name="mode" label="分配方式">
        <Radio.Group
          options={[
            { value: 1, label: '轮流分配' },
            { value: 2, label: '按权重分配' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="skipOffWork"
        label="跳过离线员工"
        valuePropName="checked"
        tooltip="工作状态为离线的员工不参与分配"
      >
        <Switch />
      </Form.Item>
      <Form.List name="members">
        {(fields, { add, remove }) => (
          <Form.Item label="接收人" required>
            <Space orientation="vertical" style={{ width: '100%' }}>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'userId']} noStyle rules={[{ required: true, message: '请选择接收人' }]}>
                    <Select
                      style={{ width: 220 }}
                      placeholder="员工"
                      showSearch={{ optionFilterProp: 'label' }}
                      data-testid="rule-member"
                      options={(users.data ?? []).map((u) => ({
                        value: u.userId,
                        label: `${u.realName}（${u.workStatusName}）`,
                      }))}
                    />
                  </Form.Item>
                  {mode === 2 && (
                    <Form.Item name={[f.name, 'weight']} noStyle>
                      <InputNumber min={1} max={100} precision={0} addonBefore="权重" style={{ width: 130 }} />
                    </Form.Item>
                  )}
                  <Form.Item name={[f.name, 'dailyCap']} noStyle>
                    <InputNumber
                      min={0}
                      precision={0}
                      addonBefore="日上限"
                      placeholder="0 不限"
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="移除" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ weight: 1, dailyCap: 0 })}>
                添加接收人
              </Button>
            </Space>
          </Form.Item>
        )}
      </Form.List>
    </FormModal>
  );
}

/** The area tree down to cities: a rule matches a lead's province or city. */
function provincesAndCities(nodes: AreaNode[] | undefined): CascaderOption[] {
  return (nodes ?? []).map((p) => ({
    value: p.value,
    label: p.text,
    children: p.children?.map((c) => ({ value: c.value, label: c.text })),
  }));
}

/** A province code is its own path; a city's path starts with its province (the first two digits). */
const areaPath = (code: string) => (code.length > 2 ? [code.slice(0, 2), code] : [code]);

/** Custom fields with options (single or multiple choice): a rule takes leads whose value is one of those picked. */
function CustomConditions() {
  const fields = useFieldList();
  const choices = (fields.data ?? []).filter((f) => f.isCustom === 1 && f.groupList.length > 0);
  const form = Form.useFormInstance();
  const picked = Form.useWatch('customConditions', form) as { fieldName?: string }[] | undefined;
  if (!choices.length) return null;
  return (
    <Form.List name="customConditions">
      {(rows, { add, remove }) => (
        <Form.Item label="自定义字段" tooltip="线索的字段值为所选之一；不加则不限">
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.map((r) => {
              const def = choices.find((f) => f.fieldName === picked?.[r.name]?.fieldName);
              return (
                <Space key={r.key} align="baseline">
                  <Form.Item name={[r.name, 'fieldName']} noStyle rules={[{ required: true, message: '请选择字段' }]}>
                    <Select
                      style={{ width: 160 }}
                      placeholder="字段"
                      data-testid="rule-custom-field"
                      options={choices.map((f) => ({ value: f.fieldName, label: f.fieldLabel }))}
                      onChange={() => form.setFieldValue(['customConditions', r.name, 'values'], [])}
                    />
                  </Form.Item>
                  <Form.Item name={[r.name, 'values']} noStyle rules={[{ required: true, message: '请选择字段值' }]}>
                    <Select
                      mode="multiple"
                      style={{ width: 280 }}
                      placeholder="字段值"
                      data-testid="rule-custom-values"
                      options={(def?.groupList ?? []).map((o) => ({ value: o.fieldValue, label: o.fieldLabel }))}
                    />
                  </Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(r.name)} aria-label="移除条件" />
                </Space>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ values: [] })}
              disabled={rows.length >= 10}
            >
              添加字段条件
            </Button>
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}
