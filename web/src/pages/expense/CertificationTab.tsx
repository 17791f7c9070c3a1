import { UploadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import type { UploadedImage } from '@crm/core/contract/upload';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Image, Input, Space, Tag, Upload } from 'antd';
import { api } from '../../api/client';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';

const c = contract.certification;
const STATUS_COLOR = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' } as const;

/** 企业认证: the licence image (through the image upload), company name and credit code; reviewed by the operator. */
export function CertificationTab() {
  const canEdit = useHasSign('org:edit');
  const info = useCallQuery(c.get, undefined).data;
  const [form] = Form.useForm();
  const licenseUrl = Form.useWatch('licenseUrl', form);
  const submit = useCallMutation(c.submit, { success: '已提交认证，等待审核', invalidate: [c.get] });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.backend.upload<UploadedImage>(contract.upload.uploadImage.path, body);
    },
    onSuccess: (img) => form.setFieldValue('licenseUrl', img.url),
    onError: () => {},
  });
  if (!info) return null;
  const editable = canEdit && info.status !== 2 && info.status !== 1;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="认证状态">
          <Tag color={STATUS_COLOR[info.status as keyof typeof STATUS_COLOR]}>{info.statusName}</Tag>
        </Descriptions.Item>
        {info.companyName && <Descriptions.Item label="企业名称">{info.companyName}</Descriptions.Item>}
        {info.creditCode && <Descriptions.Item label="统一社会信用代码">{info.creditCode}</Descriptions.Item>}
        {info.licenseUrl && (
          <Descriptions.Item label="营业执照">
            <Image src={info.licenseUrl} width={160} />
          </Descriptions.Item>
        )}
        {info.submittedAt && <Descriptions.Item label="提交时间">{info.submittedAt}</Descriptions.Item>}
        {info.rejectReason && <Descriptions.Item label="未通过原因">{info.rejectReason}</Descriptions.Item>}
      </Descriptions>
      {info.status === 1 && <Alert type="info" showIcon message="认证资料已提交，平台审核通过后状态变为已认证。" />}
      {editable && (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => submit.mutate(v)}
          initialValues={info.status === 3 ? info : {}}
        >
          <Form.Item
            name="companyName"
            label="企业名称"
            rules={[{ required: true, whitespace: true, message: '请输入企业名称' }]}
          >
            <Input maxLength={100} placeholder="与营业执照一致" />
          </Form.Item>
          <Form.Item
            name="creditCode"
            label="统一社会信用代码"
            rules={[{ required: true, message: '请输入统一社会信用代码' }]}
          >
            <Input maxLength={18} placeholder="18 位" />
          </Form.Item>
          <Form.Item name="licenseUrl" label="营业执照" rules={[{ required: true, message: '请上传营业执照' }]}>
            <Space>
              <Upload
                accept="image/png,image/jpeg,image/webp"
                showUploadList={false}
                beforeUpload={(f) => {
                  upload.mutate(f);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={upload.isPending}>
                  上传图片
                </Button>
              </Upload>
              {licenseUrl && <Image src={licenseUrl} width={120} />}
            </Space>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            提交认证
          </Button>
        </Form>
      )}
    </Space>
  );
}
