import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type CallAnswer, contract } from '@crm/core/contract';
import {
  DEFAULT_PASS_LINE,
  MAX_SCORECARD_ITEMS,
  PerformanceFlagName,
  SCORECARD_ITEM_KINDS,
  type ScorecardItemKind,
  ScorecardItemKindName,
} from '@crm/core/contract/qualityCheck';
import { Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';

const q = contract.qualityCheck;
type ScorecardRow = CallAnswer<typeof q.scorecardList>[number];
interface ItemValues {
  name: string;
  kind: ScorecardItemKind;
  rule?: string | null;
  sopItemId?: number | null;
  flag?: number | null;
  deduct: number;
  maxDeduct?: number | null;
  fatal: boolean;
}
interface CardValues {
  name: string;
  passLine: number;
  active: boolean;
  items: ItemValues[];
}

const NEW_ITEM: ItemValues = { name: '', kind: 'violation', deduct: 10, fatal: false };
const NEW_CARD: CardValues = { name: '默认评分卡', passLine: DEFAULT_PASS_LINE, active: true, items: [NEW_ITEM] };

/** One item of the card: what it deducts for (violation / SOP item missed / flag), how much, its cap, fatal. */
function ItemFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const form = Form.useFormInstance<CardValues>();
  const kind = Form.useWatch(['items', index, 'kind'], form) as ScorecardItemKind | undefined;
  const items = useCallQuery(contract.sop.getSopItemNameByOrg, {}, { silent: true });
  return (
    <Card size="small" style={{ marginBottom: 8 }} data-testid="scorecard-item">
      <Row gutter={8} align="bottom">
        <Col span={5}>
          <Form.Item name={[index, 'name']} label="评分项" rules={[{ required: true, message: '请输入评分项名称' }]}>
            <Input maxLength={30} placeholder="如：违规承诺" />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name={[index, 'kind']} label="类型">
            <Select options={SCORECARD_ITEM_KINDS.map((k) => ({ value: k, label: ScorecardItemKindName[k] }))} />
          </Form.Item>
        </Col>
        <Col span={5}>
          {kind === 'sopMissed' ? (
            <Form.Item name={[index, 'sopItemId']} label="SOP环节">
              <Select
                allowClear
                placeholder="任一环节"
                options={(items.data ?? []).map((i) => ({ value: i.itemId, label: `${i.ruleName} · ${i.name}` }))}
              />
            </Form.Item>
          ) : kind === 'flag' ? (
            <Form.Item name={[index, 'flag']} label="表现标记" rules={[{ required: true, message: '请选择表现标记' }]}>
              <Select
                options={Object.entries(PerformanceFlagName).map(([v, label]) => ({ value: Number(v), label }))}
              />
            </Form.Item>
          ) : (
            <Form.Item name={[index, 'rule']} label="违规规则">
              <Input maxLength={50} placeholder="任一违规" />
            </Form.Item>
          )}
        </Col>
        <Col span={3}>
          <Form.Item name={[index, 'deduct']} label="每次扣分" rules={[{ required: true, message: '请输入扣分' }]}>
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name={[index, 'maxDeduct']} label="最多扣分">
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} placeholder="不限" />
          </Form.Item>
        </Col>
        <Col span={2}>
          <Form.Item name={[index, 'fatal']} label="致命项" valuePropName="checked">
            <Switch size="small" />
          </Form.Item>
        </Col>
        <Col span={2}>
          <Form.Item label=" ">
            <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除评分项" onClick={onRemove} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/**
 * 评分卡: the organisation's scorecards (base 100): pick one to edit or start a new one; items deduct points per
 * violation, missed SOP item or flag, with a cap, and a fatal item zeroes the call; the active card scores every call.
 */
export function ScorecardModal({ onClose }: { onClose: () => void }) {
  const cards = useCallQuery(q.scorecardList, undefined);
  const [form] = Form.useForm<CardValues>();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const save = useCallMutation(q.scorecardSave, {
    success: '评分卡已保存',
    invalidate: [q.scorecardList],
    onSuccess: onClose,
  });
  const remove = useCallMutation(q.scorecardDelete, {
    success: '删除成功',
    invalidate: [q.scorecardList],
    onSuccess: () => setEditing(null),
  });
  // the active card opens first; a new card when there is none
  useEffect(() => {
    if (editing === undefined && cards.data)
      setEditing((cards.data.find((c) => c.active) ?? cards.data[0])?.id ?? null);
  }, [cards.data, editing]);
  const card: ScorecardRow | null = cards.data?.find((c) => c.id === editing) ?? null;
  useEffect(() => {
    if (editing === undefined) return;
    form.setFieldsValue(
      card ? { name: card.name, passLine: card.passLine, active: card.active, items: card.items } : NEW_CARD,
    );
  }, [editing, card, form]);
  return (
    <FormModal<CardValues>
      title="评分卡设置"
      width={1000}
      form={form}
      loading={save.isPending}
      initialValues={NEW_CARD as unknown as Record<string, unknown>}
      onClose={onClose}
      onSubmit={(v) =>
        save.mutate({ ...v, id: card?.id, items: v.items.map((i) => ({ ...i, fatal: !!i.fatal })) } as never)
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 240 }}
          value={editing ?? 0}
          onChange={(id) => setEditing(id || null)}
          options={[
            ...(cards.data ?? []).map((c) => ({ value: c.id, label: `${c.name}${c.active ? '（启用中）' : ''}` })),
            { value: 0, label: '+ 新建评分卡' },
          ]}
          data-testid="scorecard-pick"
        />
        {card && (
          <Popconfirm title={`删除评分卡「${card.name}」？`} onConfirm={() => remove.mutate({ id: card.id })}>
            <Button danger size="small" loading={remove.isPending}>
              删除
            </Button>
          </Popconfirm>
        )}
        <Typography.Text type="secondary">满分 100 分，按扣分项扣减；命中致命项记 0 分。</Typography.Text>
      </Space>
      <Row gutter={12}>
        <Col span={10}>
          <Form.Item
            name="name"
            label="评分卡名称"
            rules={[{ required: true, whitespace: true, message: '请输入评分卡名称' }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="passLine" label="合格分" rules={[{ required: true, message: '请输入合格分' }]}>
            <InputNumber min={0} max={100} precision={0} suffix="分" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="active" label="启用（用于所有通话评分）" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name="items">
        {(fields, { add, remove: drop }) => (
          <>
            {fields.map((f) => (
              <ItemFields key={f.key} index={f.name} onRemove={() => drop(f.name)} />
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_SCORECARD_ITEMS}
              onClick={() => add(NEW_ITEM)}
            >
              添加评分项
            </Button>
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
