import { contract } from '@crm/core/contract';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';

type ArchiveForm = {
  corpId: string;
  archiveSecret?: string;
  privateKey?: string;
  open: 1 | 2;
  staffConsent?: boolean;
};

/**
 * The WeCom chat archive's state above the chat list (what to install when the Finance SDK is missing, how far the
 * pull has got) and, for administrators, its settings.
 */
export function ArchiveStatusBar() {
  const q = useCallQuery(contract.msg.archiveStatus, undefined, { silent: true });
  const canEdit = useHasSign('org:edit');
  const [editing, setEditing] = useState(false);
  const s = q.data;
  if (!s) return null;
  const settings = canEdit ? (
    <Button size="small" data-testid="archive-settings" onClick={() => setEditing(true)}>
      会话存档设置
    </Button>
  ) : null;
  const failed = s.failedCount ? `，${s.failedCount} 条消息无法解密（请核对会话存档私钥）` : '';
  const bar = !s.sdkInstalled ? (
    <Alert type="warning" showIcon title={s.message} action={settings} style={{ marginBottom: 12 }} />
  ) : s.configured ? (
    <Alert
      type={s.failedCount ? 'warning' : 'info'}
      showIcon
      title={`企业微信会话存档${s.open ? '已开启' : '已关闭'}，已拉取到第 ${s.lastSeq} 条${s.lastPullTime ? `（${s.lastPullTime}）` : ''}${failed}`}
      action={settings}
      style={{ marginBottom: 12 }}
    />
  ) : settings ? (
    <Alert type="info" showIcon title="企业微信会话存档尚未配置" action={settings} style={{ marginBottom: 12 }} />
  ) : null;
  return (
    <>
      {bar}
      {editing && (
        <ArchiveSettingsModal
          status={s}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void q.refetch();
          }}
        />
      )}
    </>
  );
}

function ArchiveSettingsModal({
  status,
  onClose,
  onSaved,
}: {
  status: { corpId: string; configured: boolean; open: boolean };
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ArchiveForm>();
  const save = useCallMutation(contract.msg.saveArchiveConfig, { success: '已保存', onSuccess: onSaved });
  const open = Form.useWatch('open', form);
  // the staff's consent is confirmed when the archive is switched on, not on every later change of its settings
  const opening = open === 1 && !status.open;
  const kept = status.configured ? '已保存（留空则不变）' : undefined;
  return (
    <Modal
      open
      title="会话存档设置"
      okText="保存"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      width={640}
    >
      <Form<ArchiveForm>
        form={form}
        layout="vertical"
        initialValues={{ corpId: status.corpId, open: status.configured && !status.open ? 2 : 1 }}
        onFinish={(v) =>
          save.mutate({
            corpId: v.corpId,
            archiveSecret: v.archiveSecret || undefined,
            privateKey: v.privateKey || undefined,
            open: v.open,
            ...(v.staffConsent ? { staffConsent: 1 as const } : {}),
          })
        }
      >
        <Form.Item name="corpId" label="企业 ID" rules={[{ required: true, message: '请输入企业 ID' }]}>
          <Input placeholder="企业微信管理后台「我的企业」中的企业 ID" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="archiveSecret"
          label="会话存档 Secret"
          rules={status.configured ? [] : [{ required: true, message: '请输入会话存档 Secret' }]}
        >
          <Input.Password placeholder={kept ?? '「管理工具 › 会话内容存档」中的 Secret'} maxLength={200} />
        </Form.Item>
        <Form.Item
          name="privateKey"
          label="会话存档私钥"
          extra="与企业微信后台设置的消息加密公钥配对的 RSA 私钥（PEM 格式）"
          rules={status.configured ? [] : [{ required: true, message: '请粘贴会话存档私钥' }]}
        >
          <Input.TextArea rows={4} placeholder={kept ?? '-----BEGIN RSA PRIVATE KEY-----'} maxLength={8000} />
        </Form.Item>
        <Form.Item name="open" label="拉取会话">
          <Radio.Group
            options={[
              { value: 1, label: '开启' },
              { value: 2, label: '关闭' },
            ]}
          />
        </Form.Item>
        {opening && (
          <Form.Item
            name="staffConsent"
            valuePropName="checked"
            rules={[
              {
                validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('开启前请确认员工已知情同意'))),
              },
            ]}
          >
            <Checkbox data-testid="archive-consent">
              我已告知员工会话将被存档，并已在企业微信后台取得员工同意
              <Typography.Text type="secondary">（依法开展会话存档的前提）</Typography.Text>
            </Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
