import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { MAX_SOP_ITEMS, SOP_SPEAKERS, SopSpeakerName } from '@crm/core/contract/sop';
import {
  Alert,
  Button,
  Card,
  Form,
  type FormInstance,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  TreeSelect,
} from 'antd';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { showError } from '../../app/ui';
import { FormModal } from '../../components/FormModal';
import {
  bodyOf,
  deptTree,
  emptyItem,
  formOf,
  itemEmpty,
  regexProblem,
  type SopRuleForm,
  sopFieldErrors,
} from '../../features/quality/sop';
import { MONO } from './RegexModal';

const c = contract.sop;
type SopDetail = NonNullable<ReturnType<typeof useDetail>['data']>;

const useDetail = (id: number | null) =>
  useCallQuery(c.selectSopAndItemInfoByRuleId, { id: id ?? 0 }, { enabled: !!id, silent: true });

const TAG_SEPARATORS = [',', '，', '、', ';', '；'];

/** Separators typed into a tags box end a tag, like Enter. */
function TagsInput({ placeholder, testId, ...rest }: { placeholder: string; testId: string }) {
  return (
    <Select
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={TAG_SEPARATORS}
      placeholder={placeholder}
      data-testid={testId}
      {...rest}
    />
  );
}

/** One item of the script: its name and who says it, then what finds it in a call. */
function ItemCard({
  form,
  index,
  count,
  move,
  remove,
}: {
  form: FormInstance<SopRuleForm>;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const itemOf = () => form.getFieldValue(['items', index]);
  const nameOf = () => itemOf()?.name as string | undefined;
  return (
    <Card
      size="small"
      data-testid="sop-item"
      title={`环节 ${index + 1}`}
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            title="上移"
            onClick={() => move(index, index - 1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            title="下移"
            onClick={() => move(index, index + 1)}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={count === 1}
            title="删除环节"
            onClick={() => remove(index)}
          />
        </Space>
      }
    >
      <Form.Item name={[index, 'id']} hidden>
        <Input />
      </Form.Item>
      <Space align="start" style={{ width: '100%' }} size={16}>
        <Form.Item
          name={[index, 'name']}
          label="环节名称"
          style={{ width: 280 }}
          rules={[
            { required: true, whitespace: true, message: '请输入环节名称' },
            {
              validator: (_, name: string | undefined) => {
                const names = (form.getFieldValue('items') as { name?: string }[]).map((i) => i?.name?.trim());
                const typed = name?.trim();
                const same = typed && names.filter((n) => n === typed).length > 1;
                return same ? Promise.reject(new Error(`环节名称「${typed}」重复`)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={30} placeholder="如：开场白与自我介绍" data-testid="sop-item-name" />
        </Form.Item>
        <Form.Item name={[index, 'speaker']} label="检测对象">
          <Radio.Group
            optionType="button"
            options={SOP_SPEAKERS.map((s) => ({ value: s, label: SopSpeakerName[s] }))}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name={[index, 'keywords']}
        label="关键词"
        extra="输入后回车，或用逗号、顿号分隔；句中出现任一关键词即覆盖"
        dependencies={[
          ['items', index, 'examples'],
          ['items', index, 'regex'],
          ['items', index, 'llmQuestion'],
        ]}
        rules={[
          {
            validator: () =>
              itemEmpty(itemOf())
                ? Promise.reject(
                    new Error(
                      `环节「${nameOf()?.trim() || index + 1}」至少需要一个关键词、例句、正则表达式或大模型问题`,
                    ),
                  )
                : Promise.resolve(),
          },
        ]}
      >
        <TagsInput placeholder="如：我是、这边是" testId="sop-item-keywords" />
      </Form.Item>
      <Form.Item name={[index, 'examples']} label="例句" extra="每行一句；意思相近的句子也算覆盖">
        <Input.TextArea rows={2} placeholder={'您好，我是星辰教育的课程顾问\n这边是星辰教育，我姓王'} />
      </Form.Item>
      <Form.Item
        name={[index, 'regex']}
        label="正则表达式"
        extra="每行一个，JavaScript 语法，忽略大小写"
        rules={[
          {
            validator: (_, text: string | undefined) => {
              const problem = regexProblem(text, nameOf());
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea
          rows={2}
          style={MONO}
          spellCheck={false}
          placeholder="我是.{0,8}(顾问|老师)"
          data-testid="sop-item-regex"
        />
      </Form.Item>
      <Form.Item
        name={[index, 'afterKeywords']}
        label="在客户提出…之后（可选）"
        extra="异议处理类环节：只有对方说了这些词之后不久说的才算覆盖"
        style={{ marginBottom: 0 }}
      >
        <TagsInput placeholder="如：太贵了、再考虑" testId="sop-item-after" />
      </Form.Item>
      <Form.Item
        name={[index, 'llmQuestion']}
        label="大模型问题（可选）"
        extra="AI 设置中启用了大模型时，以上方式都未找到的环节由大模型按此问题判断"
        style={{ marginTop: 12, marginBottom: 0 }}
      >
        <Input maxLength={200} placeholder="如：销售是否确认了客户的预算？" data-testid="sop-item-llm" />
      </Form.Item>
    </Card>
  );
}

function RuleForm({ rule, onClose }: { rule: SopDetail | null; onClose: () => void }) {
  const [form] = Form.useForm<SopRuleForm>();
  const depts = useCallQuery(c.getSopExecuteDeptList, undefined, { silent: true });
  const stages = useCallQuery(c.getOrganizationClueFollowStatusList, undefined, { silent: true });
  const done = {
    invalidate: [c.getSopRuleList, c.selectSopAndItemInfoByRuleId, c.getSopCreateUserList],
    onSuccess: onClose,
    onFailure: (e: { msg: string; data?: unknown }) => {
      const fields = sopFieldErrors(e);
      if (fields) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      else showError(e.msg);
    },
  };
  const create = useCallMutation(c.createSopRule, { success: '已新建SOP规则', ...done });
  const update = useCallMutation(c.updateSopRule, { success: '已保存', ...done });
  return (
    <FormModal<SopRuleForm>
      title={rule ? '编辑SOP规则' : '新建SOP规则'}
      width={780}
      form={form}
      loading={create.isPending || update.isPending}
      initialValues={formOf(rule) as Record<string, unknown>}
      onClose={onClose}
      onSubmit={(v) => {
        const body = bodyOf(v, rule, rule?.status === 2 ? 2 : 1);
        if (rule) update.mutate({ id: rule.id, ...body });
        else create.mutate(body);
      }}
    >
      <Form.Item name="name" label="规则名称" rules={[{ required: true, whitespace: true, message: '请输入规则名称' }]}>
        <Input maxLength={50} showCount placeholder="如：电话销售标准话术" />
      </Form.Item>
      <Space align="start" style={{ width: '100%' }} size={16}>
        <Form.Item name="deptIds" label="适用部门" extra="不选即全部部门；选中部门含其下级部门" style={{ width: 360 }}>
          <TreeSelect
            multiple
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_PARENT}
            treeDefaultExpandAll
            allowClear
            placeholder="全部部门"
            treeData={deptTree(depts.data)}
            maxTagCount="responsive"
            data-testid="sop-depts"
          />
        </Form.Item>
        <Form.Item name="followStatusIds" label="跟进阶段" extra="不选即任意阶段" style={{ width: 360 }}>
          <Select
            mode="multiple"
            allowClear
            placeholder="任意阶段"
            optionFilterProp="label"
            maxTagCount="responsive"
            options={(stages.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
      </Space>
      <Form.List name="items">
        {(fields, { add, remove, move }) => (
          <Space orientation="vertical" style={{ width: '100%' }} size={12}>
            {fields.map((f) => (
              <ItemCard key={f.key} form={form} index={f.name} count={fields.length} move={move} remove={remove} />
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_SOP_ITEMS}
              onClick={() => add(emptyItem())}
              data-testid="sop-add-item"
            >
              添加环节（按话术顺序，最多 {MAX_SOP_ITEMS} 个）
            </Button>
          </Space>
        )}
      </Form.List>
    </FormModal>
  );
}

/** 新建 / 编辑SOP规则: an existing rule's items are read first. */
export function SopRuleModal({ ruleId, onClose }: { ruleId: number | null; onClose: () => void }) {
  const detail = useDetail(ruleId);
  if (!ruleId) return <RuleForm rule={null} onClose={onClose} />;
  if (detail.data) return <RuleForm rule={detail.data} onClose={onClose} />;
  return (
    <Modal open title="编辑SOP规则" footer={null} onCancel={onClose}>
      {detail.error ? (
        <Alert type="error" showIcon title={`SOP规则加载失败：${(detail.error as Error).message}`} />
      ) : (
        <Spin style={{ display: 'block', padding: 32 }} />
      )}
    </Modal>
  );
}
