import { UploadOutlined } from '@ant-design/icons';
import { type CallAnswer, contract } from '@crm/core/contract';
import { CHAT_EXPORT_EXTENSIONS } from '@crm/core/contract/conversation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { keyOf, useCallMutation } from '../../api/hooks';
import { showError, showSuccess } from '../../app/ui';

type Preview = CallAnswer<typeof contract.weixin.uploadWeiXinWord>;
const up = contract.weixin.uploadWeiXinWord;
const TYPE_NAMES: Record<string, string> = { text: '文本', image: '图片', voice: '语音', file: '文件', recall: '撤回' };

function PreviewModal({ preview, onClose }: { preview: Preview; onClose: () => void }) {
  const [form] = Form.useForm();
  const qc = useQueryClient();
  const staff = Form.useWatch('staffSender', form);
  const save = useCallMutation(contract.weixin.saveWeiXinWord, {
    invalidate: [contract.msg.chatList, contract.wxcustomer.pagelist, contract.wxuser.pagelist],
    onSuccess: (a) => {
      showSuccess(`已保存 ${a.stored} 条消息${a.skipped ? `，${a.skipped} 条已存在` : ''}`);
      qc.invalidateQueries({ queryKey: keyOf(contract.msg.chatList) });
      onClose();
    },
  });
  return (
    <Modal
      open
      width={900}
      title={`预览：${preview.fileName}（共 ${preview.messageCount} 条，${preview.firstTime} 至 ${preview.lastTime}）`}
      okText="保存"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then((v) =>
          save.mutate({
            importId: preview.importId,
            staffSender: v.staffSender,
            contactName: v.contactName,
            contactPhone: v.contactPhone,
          }),
        )
      }
    >
      <Form form={form} layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item name="staffSender" label="我的昵称" rules={[{ required: true, message: '请选择哪个发送人是您' }]}>
          <Select
            style={{ width: 180 }}
            data-testid="staff-sender"
            options={preview.senders.map((s) => ({ value: s.name, label: `${s.name}（${s.count} 条）` }))}
          />
        </Form.Item>
        <Form.Item name="contactName" label="客户">
          <Input
            style={{ width: 140 }}
            placeholder={preview.senders.find((s) => s.name !== staff)?.name ?? '客户名称'}
            maxLength={64}
          />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label="客户手机号"
          rules={[{ pattern: /^1\d{10}$/, message: '请输入正确的 11 位手机号' }]}
        >
          <Input style={{ width: 140 }} maxLength={11} placeholder="用于匹配线索" />
        </Form.Item>
      </Form>
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        dataSource={preview.messages}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: '暂无数据' }}
        data-testid="export-preview"
        columns={[
          { title: '时间', dataIndex: 'time', width: 170 },
          {
            title: '发送人',
            dataIndex: 'sender',
            width: 120,
            render: (v) => (v === staff ? <Tag color="green">{v}</Tag> : v),
          },
          { title: '类型', dataIndex: 'type', width: 70, render: (v) => TYPE_NAMES[v] ?? v },
          { title: '内容', dataIndex: 'content', ellipsis: true },
        ]}
      />
    </Modal>
  );
}

/** 上传聊天记录: a personal WeChat export parsed and previewed, then saved as the seat's chat. */
export function UploadExport() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const upload = useMutation({
    mutationFn: (form: FormData) => api[up.base].upload<Preview>(up.path, form),
    onSuccess: setPreview,
    onError: () => {},
  });
  return (
    <>
      <Upload
        accept={CHAT_EXPORT_EXTENSIONS.map((e) => `.${e}`).join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          const ext = file.name.toLowerCase().split('.').pop() ?? '';
          if (!(CHAT_EXPORT_EXTENSIONS as readonly string[]).includes(ext)) {
            showError('仅支持 .docx、.txt、.html、.csv 格式的聊天记录');
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          const form = new FormData();
          form.append('file', file as File);
          upload.mutate(form);
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="upload-export">
          上传聊天记录
        </Button>
      </Upload>
      {preview && <PreviewModal preview={preview} onClose={() => setPreview(null)} />}
    </>
  );
}
