import { ApiOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import type { AiModel } from '@crm/core/contract/aiSetting';
import { Alert, Button, Form, Input, InputNumber, Radio, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { DeleteLink } from '../../components/DeleteLink';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { OrgModelCard } from './OrgModelCard';

const c = contract.aiSetting;

/** What 测试 answered: connected (with the time taken) or why not. */
interface TestResult {
  ok: boolean;
  latencyMs: number | null;
  message: string;
}

/** 测试: one probe request to a model (saved, from the form, or a saved one with changed values). */
function useModelTest() {
  const [result, setResult] = useState<TestResult | null>(null);
  const test = useCallMutation(c.modelTest, { onSuccess: setResult });
  return { result, setResult, test };
}

function TestNote({ result }: { result: TestResult | null }) {
  if (!result) return null;
  return (
    <Alert
      data-testid="model-test-result"
      type={result.ok ? 'success' : 'error'}
      showIcon
      title={result.ok ? `连接成功${result.latencyMs !== null ? `，耗时 ${result.latencyMs} 毫秒` : ''}` : '连接失败'}
      description={result.ok ? undefined : result.message}
    />
  );
}

interface ModelForm {
  name: string;
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutSeconds: number;
  active: boolean;
}

function ModelModal({ model, onClose }: { model: AiModel | null; onClose: () => void }) {
  const [form] = Form.useForm<ModelForm>();
  const done = { invalidate: [c.modelList], onSuccess: onClose };
  const save = useCallMutation(c.modelSave, { success: '已新增模型', ...done });
  const update = useCallMutation(c.modelUpdate, { success: '已保存', ...done });
  const { result, setResult, test } = useModelTest();
  const probe = async () => {
    const v = await form.validateFields(['baseUrl', 'model', 'timeoutSeconds']).catch(() => null);
    if (!v) return;
    const apiKey = form.getFieldValue('apiKey')?.trim() || undefined;
    setResult(null);
    test.mutate({
      id: model?.id,
      baseUrl: v.baseUrl.trim(),
      model: v.model.trim(),
      apiKey,
      timeoutMs: Math.round(v.timeoutSeconds * 1000),
    });
  };
  return (
    <FormModal<ModelForm>
      title={model ? '编辑分析模型' : '新增分析模型'}
      width={600}
      form={form}
      loading={save.isPending || update.isPending}
      initialValues={{
        name: model?.name,
        baseUrl: model?.baseUrl ?? '',
        model: model?.model ?? '',
        timeoutSeconds: (model?.timeoutMs ?? 60_000) / 1000,
        active: model?.active ?? false,
      }}
      onClose={onClose}
      onSubmit={({ timeoutSeconds, apiKey, ...v }) => {
        const body = { ...v, timeoutMs: Math.round(timeoutSeconds * 1000), apiKey: apiKey?.trim() || undefined };
        if (model) update.mutate({ id: model.id, ...body });
        else save.mutate(body);
      }}
    >
      <Form.Item name="name" label="模型名称" rules={[{ required: true, whitespace: true, message: '请输入模型名称' }]}>
        <Input maxLength={30} placeholder="如：DeepSeek、通义千问、本地 vLLM" />
      </Form.Item>
      <Form.Item
        name="baseUrl"
        label="接口地址"
        extra="OpenAI 兼容接口，如 https://api.deepseek.com/v1、http://127.0.0.1:11434/v1（Ollama）"
        rules={[
          { required: true, whitespace: true, message: '请输入接口地址' },
          { pattern: /^https?:\/\/\S+$/, message: '接口地址须以 http:// 或 https:// 开头' },
        ]}
      >
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item
        name="apiKey"
        label="API 密钥"
        extra={model?.apiKeyMasked ? `已保存：${model.apiKeyMasked}，留空不修改` : undefined}
      >
        <Input.Password
          maxLength={300}
          autoComplete="new-password"
          placeholder={model?.apiKeyMasked ?? '本地模型可不填'}
        />
      </Form.Item>
      <Form.Item name="model" label="模型" rules={[{ required: true, whitespace: true, message: '请输入模型' }]}>
        <Input maxLength={100} placeholder="如：deepseek-chat、qwen-plus" />
      </Form.Item>
      <Form.Item name="timeoutSeconds" label="超时时间（秒）" rules={[{ required: true, message: '请输入超时时间' }]}>
        <InputNumber min={1} max={300} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="active" label="设为当前使用的模型" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button icon={<ApiOutlined />} loading={test.isPending} onClick={probe} data-testid="model-test">
          测试
        </Button>
        <TestNote result={result} />
      </Space>
    </FormModal>
  );
}

/** 分析模型: the built-in analyser, or an OpenAI-compatible LLM for the summary, AI fields and labels; one in use. */
export function ModelTab() {
  const list = useCallQuery(c.modelList, undefined);
  const [editing, setEditing] = useState<AiModel | null | undefined>(undefined);
  const activate = useCallMutation(c.modelUpdate, { success: '已切换分析模型', invalidate: [c.modelList] });
  const del = useCallMutation(c.modelDelete, { invalidate: [c.modelList] });
  const rowTest = useModelTest();
  const [testing, setTesting] = useState<number | null>(null);
  const rows = list.data ?? [];
  const columns: ColumnsType<AiModel> = [
    {
      title: '使用中',
      dataIndex: 'active',
      width: 76,
      render: (v: boolean, r) => (
        <Radio
          checked={v}
          disabled={activate.isPending}
          onChange={() => activate.mutate({ id: r.id, active: true })}
          aria-label={`使用 ${r.name}`}
        />
      ),
    },
    {
      title: '名称',
      dataIndex: 'name',
      width: 140,
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.active && <Tag color="green">使用中</Tag>}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'kindName', width: 130 },
    { title: '接口地址', dataIndex: 'baseUrl', ellipsis: true, render: (v) => v ?? '-' },
    { title: '模型', dataIndex: 'model', width: 140, render: (v) => v ?? '-' },
    { title: 'API 密钥', dataIndex: 'apiKeyMasked', width: 120, render: (v) => v ?? '-' },
    {
      title: '超时',
      dataIndex: 'timeoutMs',
      width: 80,
      render: (v: number, r) => (r.kind === 'builtin' ? '-' : `${v / 1000} 秒`),
    },
    {
      title: '操作',
      key: 'op',
      width: 150,
      render: (_, r) =>
        r.kind === 'builtin' ? (
          <Typography.Text type="secondary">无需配置</Typography.Text>
        ) : (
          <Space size={12}>
            <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
            <LinkButton
              loading={rowTest.test.isPending && testing === r.id}
              onClick={() => {
                setTesting(r.id);
                rowTest.setResult(null);
                rowTest.test.mutate({ id: r.id });
              }}
            >
              测试
            </LinkButton>
            <DeleteLink
              title={`删除模型「${r.name}」？`}
              description={r.active ? '删除后改用内置分析。' : '删除后不可恢复。'}
              success="删除成功"
              onDelete={() => del.mutateAsync({ id: r.id })}
            />
          </Space>
        ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="内置分析无需联网：规则、基础模型与本机构模型给出意向、标签、投诉与违规。配置大模型后，由大模型逐项判定并引用通话原文作为依据，引用不在通话中的结论被驳回；规则命中的违规始终保留；大模型失败时自动使用内置结果。"
      />
      <OrgModelCard />
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <AddButton onClick={() => setEditing(null)} data-testid="add-model">
          新增模型
        </AddButton>
      </Space>
      <Table<AiModel>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
      />
      {testing !== null && <TestNote result={rowTest.result} />}
      {editing !== undefined && <ModelModal model={editing} onClose={() => setEditing(undefined)} />}
    </Space>
  );
}
