import { contract } from '@crm/core/contract';
import { WECOM_SECRET_MASK } from '@crm/core/contract/wecom';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  List,
  Popconfirm,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';

type TestAnswer = { ok: boolean; steps: { name: string; ok: boolean; message: string }[] };

/** 企业微信配置: corp, app and contacts secrets (masked once saved), callback keys, trusted IPs, test, on/off. */
export function ConfigPanel() {
  const [form] = Form.useForm();
  const config = useCallQuery(contract.wecom.getWeComConfig, undefined);
  const ips = useCallQuery(contract.wecom.getQwServerIp, undefined);
  const [result, setResult] = useState<TestAnswer | null>(null);
  const invalidate = [contract.wecom.getWeComConfig, contract.wecom.getWeComConfigOpen];
  const save = useCallMutation(contract.wecom.saveWeComConfig, { success: '已保存', invalidate });
  const open = useCallMutation(contract.wecom.openWeComConfig, { success: '已更新', invalidate });
  const test = useCallMutation(contract.wecom.testWeComConfig, { onSuccess: (a) => setResult(a) });
  const keys = useCallMutation(contract.wecom.getWeComKey, {
    onSuccess: (k) => form.setFieldsValue({ token: k.token, encodingAesKey: k.encodingAesKey }),
  });
  const c = config.data;
  useEffect(() => {
    if (c) form.setFieldsValue(c);
  }, [c, form]);
  if (config.isLoading) return <Spin />;
  const secret = (label: string) => ({
    placeholder: c?.configured ? `已保存（不修改请保持 ${WECOM_SECRET_MASK}）` : `请输入${label}`,
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title="开启与回调">
        <Descriptions column={1} size="small">
          <Descriptions.Item label="企业微信">
            <Popconfirm
              title={c?.open === 1 ? '关闭后将停止同步与企业微信登录，确定关闭？' : '确定开启企业微信？'}
              onConfirm={() => open.mutate({ open: c?.open === 1 ? 2 : 1 })}
              disabled={!c?.configured}
            >
              <Switch checked={c?.open === 1} disabled={!c?.configured} loading={open.isPending} />
            </Popconfirm>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {c?.configured ? (c.open === 1 ? '已开启' : '未开启') : '请先保存配置'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="回调 URL">
            <Typography.Text copyable>{c?.callbackUrl}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="可信域名">
            <Typography.Text copyable>{c?.trustedDomain}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="服务器出口 IP">
            {ips.data?.ips.length ? (
              <Typography.Text copyable>{ips.data.ips.join(';')}</Typography.Text>
            ) : (
              <Typography.Text type="warning">{ips.data?.message ?? '暂无数据'}</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="应用配置">
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 14 }}
          onFinish={(v) => save.mutate(v)}
        >
          <Form.Item name="corpId" label="企业 ID" rules={[{ required: true, message: '请输入企业 ID' }]}>
            <Input maxLength={64} placeholder="我的企业 → 企业信息 → 企业ID" />
          </Form.Item>
          <Form.Item name="agentId" label="应用 AgentId" rules={[{ required: true, message: '请输入应用 AgentId' }]}>
            <Input maxLength={12} placeholder="应用管理 → 自建应用 → AgentId" />
          </Form.Item>
          <Form.Item
            name="agentSecret"
            label="应用 Secret"
            rules={[{ required: !c?.configured, message: '请输入应用 Secret' }]}
          >
            <Input.Password {...secret('应用 Secret')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="contactSecret" label="通讯录 Secret">
            <Input.Password {...secret('通讯录 Secret（选填）')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="回调 Token" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="token" noStyle>
                <Input maxLength={32} placeholder="接收消息 → Token" />
              </Form.Item>
              <Button onClick={() => keys.mutate(undefined)} loading={keys.isPending}>
                获取
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="encodingAesKey" label="EncodingAESKey">
            <Input maxLength={43} placeholder="接收消息 → EncodingAESKey" />
          </Form.Item>
          <Form.Item name="apiBaseUrl" label="接口地址">
            <Input placeholder="默认 https://qyapi.weixin.qq.com/cgi-bin/（私有化部署时填写）" />
          </Form.Item>
          <Form.Item name="oauthBaseUrl" label="授权地址">
            <Input placeholder="默认 https://open.weixin.qq.com/" />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
              <Button onClick={() => test.mutate(undefined)} loading={test.isPending} disabled={!c?.configured}>
                测试连接
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {result && (
          <Alert
            type={result.ok ? 'success' : 'error'}
            message={result.ok ? '连接正常' : '连接失败'}
            description={
              <List
                size="small"
                dataSource={result.steps}
                renderItem={(s) => (
                  <List.Item>
                    <Typography.Text type={s.ok ? 'success' : 'danger'}>
                      {s.ok ? '✓' : '✗'} {s.name}：{s.message}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            }
          />
        )}
      </Card>
    </Space>
  );
}
