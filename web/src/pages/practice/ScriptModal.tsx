import { contract } from '@crm/core/contract';
import { PRACTICE_STAGES, PracticeStageName } from '@crm/core/contract/practice';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { type RowOf as PageRow, useCallMutation, useCallQuery } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';

type Script = PageRow<typeof contract.chatScript.pagelist>;

const STAGE_OPTIONS = PRACTICE_STAGES.map((s) => ({ value: s, label: PracticeStageName[s] }));
const tags = (label: string) => (
  <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} placeholder={`输入${label}后回车`} />
);

/** New or edited practice script: persona, stages, scoring points on the organisation's SOP items, forbidden words. */
export function ScriptModal({ script, onClose }: { script: Script | null; onClose: () => void }) {
  const items = useCallQuery(contract.chatScript.sopItems, undefined);
  const done = { invalidate: [contract.chatScript.pagelist], onSuccess: onClose };
  const save = useCallMutation(contract.chatScript.save, { success: '已新增', ...done });
  const update = useCallMutation(contract.chatScript.update, { success: '已保存', ...done });
  const initial = script
    ? { ...script, scoringPoints: script.scoringPoints.map((p) => ({ ...p, sopItemId: p.sopItemId ?? undefined })) }
    : {
        stages: [...PRACTICE_STAGES],
        passScore: 60,
        persona: { objections: [] },
        forbiddenWords: [],
        scoringPoints: [{ stage: 'opening', score: 20, keywords: [] }],
      };
  return (
    <FormModal
      title={script ? '编辑陪练脚本' : '新增陪练脚本'}
      width={760}
      loading={save.isPending || update.isPending}
      initialValues={initial}
      onClose={onClose}
      onSubmit={(v: any) => {
        const body = {
          ...v,
          scoringPoints: (v.scoringPoints ?? []).map((p: any) => ({
            ...p,
            keywords: p.keywords ?? [],
            sopItemId: p.sopItemId ?? null,
          })),
        };
        if (script) update.mutate({ id: script.id, ...body });
        else save.mutate(body);
      }}
    >
      <Form.Item name="name" label="脚本名称" rules={[{ required: true, whitespace: true, message: '请输入脚本名称' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="description" label="脚本说明">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Space wrap>
        <Form.Item
          name={['persona', 'industry']}
          label="客户行业"
          rules={[{ required: true, message: '请输入客户行业' }]}
        >
          <Input maxLength={50} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name={['persona', 'budget']} label="预算">
          <Input maxLength={100} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name={['persona', 'character']} label="客户性格">
          <Input maxLength={200} style={{ width: 260 }} />
        </Form.Item>
      </Space>
      <Form.Item name={['persona', 'needs']} label="客户需求">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name={['persona', 'objections']} label="隐藏异议（谈到价格、异议、促成时提出）">
        {tags('异议')}
      </Form.Item>
      <Form.Item
        name="stages"
        label="对话阶段（按顺序）"
        rules={[{ required: true, message: '请至少选择一个对话阶段' }]}
      >
        <Select mode="multiple" options={STAGE_OPTIONS} />
      </Form.Item>
      <Form.List name="scoringPoints">
        {(fields, { add, remove }) => (
          <>
            <div style={{ marginBottom: 8 }}>评分点（关联 SOP 话术节点，与真实通话用同一套匹配）</div>
            {fields.map((f) => (
              <Space key={f.key} align="start" wrap data-testid="scoring-point">
                <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: '请输入评分点名称' }]}>
                  <Input placeholder="评分点名称" maxLength={50} style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'stage']} rules={[{ required: true, message: '请选择阶段' }]}>
                  <Select options={STAGE_OPTIONS} style={{ width: 110 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'sopItemId']}>
                  <Select
                    allowClear
                    placeholder="SOP 话术节点"
                    style={{ width: 200 }}
                    loading={items.isLoading}
                    options={(items.data ?? []).map((i) => ({ value: i.id, label: `${i.ruleName} / ${i.name}` }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'keywords']}>
                  <Select mode="tags" open={false} placeholder="关键词" style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'score']} rules={[{ required: true, message: '请输入分值' }]}>
                  <InputNumber min={1} max={100} placeholder="分值" style={{ width: 80 }} />
                </Form.Item>
                <Button type="link" danger onClick={() => remove(f.name)}>
                  删除
                </Button>
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ stage: 'needs', score: 10, keywords: [] })} block>
              添加评分点
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="forbiddenWords" label="禁用词（每说一次扣 5 分）" style={{ marginTop: 16 }}>
        {tags('禁用词')}
      </Form.Item>
      <Form.Item name="passScore" label="及格线（满分 100）" rules={[{ required: true, message: '请输入及格线' }]}>
        <InputNumber min={0} max={100} />
      </Form.Item>
    </FormModal>
  );
}
