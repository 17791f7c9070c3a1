import { CheckCircleFilled, RobotOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Alert, Button, Card, Checkbox, Form, Input, Radio, Result, Space, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';

const c = contract.aiSetting;

const FEATURES = [
  '意向识别：强意向、一般意向、无意向等 6 类，附判断依据',
  '违规检查：违禁词、承诺收益、辱骂客户，定位到原话',
  '流失与投诉预警：风险分值与潜在投诉，推送给负责人',
  '通话小结与关键信息：预算、决策人、异议、下一步',
  '对话指标：说话占比、语速、抢话、静默、提问',
];

function Opened({ state }: { state: { openedAt: string | null; openedByName: string | null } }) {
  return (
    <Result
      status="success"
      icon={<CheckCircleFilled />}
      title="本机构已开通 AI 通话分析"
      subTitle={
        state.openedAt ? `${state.openedByName ?? ''}开通于 ${state.openedAt}，新的通话会自动分析。` : undefined
      }
      extra={
        <Link to="/main/callAnalysis">
          <Button type="primary" data-testid="go-analysis">
            前往通话分析
          </Button>
        </Link>
      }
      data-testid="ai-opened"
    />
  );
}

/**
 * /aiOpenPage 开通 AI: the AI-demand questionnaire, then 开通. When AI is open it says so and links to 通话分析;
 * nothing else happens.
 */
export default function AiOpenPage() {
  const state = useCallQuery(c.getAiOpen, undefined);
  const demand = useCallQuery(c.getDemand, undefined, { enabled: state.data?.open === false });
  const canOpen = useHasSign('org:edit');
  const [form] = Form.useForm();
  useEffect(() => {
    if (demand.data) form.setFieldsValue({ ...demand.data.answers, remark: demand.data.remark ?? undefined });
  }, [demand.data, form]);
  const open = useCallMutation(c.setAiOpen, { success: '开通成功', invalidate: [c.getAiOpen] });
  const save = useCallMutation(c.saveDemand, { onSuccess: () => open.mutate({ open: true }) });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { remark, ...answers } = v;
    // one choice questions are held as a value: the call takes every answer as a list
    const lists = Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, Array.isArray(a) ? a : [a]]));
    save.mutate({ answers: lists as never, remark: remark?.trim() || undefined });
  };
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', padding: '32px 16px' }}>
      <Card style={{ maxWidth: 760, margin: '0 auto' }} data-testid="ai-open-page">
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space align="center">
            <RobotOutlined style={{ fontSize: 32, color: '#1677ff' }} />
            <div>
              <Typography.Title level={3} style={{ margin: 0 }}>
                开通 AI 通话分析
              </Typography.Title>
              <Typography.Text type="secondary">每一通电话，自动得到意向、标签、风险、违规与小结</Typography.Text>
            </div>
          </Space>
          {state.isLoading ? (
            <Spin />
          ) : state.data?.open ? (
            <Opened state={state.data} />
          ) : (
            <>
              <ul style={{ margin: 0, paddingLeft: 20, color: '#555' }}>
                {FEATURES.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <Alert type="info" showIcon title="首次开通赠送 AI 分析试用包；分析按通话分钟数从 AI 分析余额中扣减。" />
              <Typography.Title level={5} style={{ margin: 0 }}>
                AI 需求问卷
              </Typography.Title>
              {demand.isLoading ? (
                <Spin />
              ) : (
                <Form form={form} layout="vertical">
                  {(demand.data?.questions ?? []).map((q) => (
                    <Form.Item
                      key={q.key}
                      name={q.key}
                      label={q.title}
                      rules={[{ required: true, message: `请选择${q.title}` }]}
                      getValueProps={(v) => ({ value: q.multiple ? v : Array.isArray(v) ? v[0] : v })}
                    >
                      {q.multiple ? (
                        <Checkbox.Group options={q.options} />
                      ) : (
                        <Radio.Group options={q.options} optionType="button" />
                      )}
                    </Form.Item>
                  ))}
                  <Form.Item name="remark" label="其他需求">
                    <Input.TextArea rows={3} maxLength={500} showCount placeholder="选填" />
                  </Form.Item>
                </Form>
              )}
              <Space>
                <Button
                  type="primary"
                  size="large"
                  disabled={!canOpen || !demand.data}
                  loading={save.isPending || open.isPending}
                  onClick={submit}
                  data-testid="open-ai"
                >
                  提交并开通
                </Button>
                {!canOpen && <Typography.Text type="secondary">开通需要机构设置权限，请联系管理员</Typography.Text>}
                <Link to="/main">返回</Link>
              </Space>
            </>
          )}
        </Space>
      </Card>
    </div>
  );
}
