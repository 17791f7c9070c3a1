import { UploadOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { FilingStatusName } from '@crm/core/contract/telephony';
import type { UploadedImage } from '@crm/core/contract/upload';
import {
  Badge,
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Select,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';

const t = contract.telephony;
type Row = RowOf<typeof t.filingList>;
const BADGE = { 1: 'processing', 2: 'success', 3: 'error' } as const;
const opts = Object.entries(FilingStatusName).map(([value, label]) => ({ value: Number(value), label }));

function SubmitModal({ onClose }: { onClose: () => void }) {
  const [materials, setMaterials] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const submit = useCallMutation(t.filingSubmit, {
    success: '报备已提交',
    invalidate: [t.filingList],
    onSuccess: onClose,
  });
  return (
    <FormModal
      title="提交电信报备"
      width={640}
      loading={submit.isPending}
      onClose={onClose}
      onSubmit={(v) =>
        submit.mutate({
          companyName: v.companyName,
          numbers: String(v.numbers ?? '')
            .split(/[\s,，、]+/)
            .filter(Boolean),
          script: v.script,
          materials,
        })
      }
    >
      <Form.Item
        name="companyName"
        label="企业名称"
        rules={[{ required: true, whitespace: true, message: '请输入企业名称' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="numbers"
        label="报备号码"
        rules={[{ required: true, message: '请填写报备号码' }]}
        extra="多个用换行或逗号分隔"
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="script" label="外呼话术" rules={[{ required: true, whitespace: true, message: '请输入话术' }]}>
        <Input.TextArea rows={5} maxLength={5000} showCount />
      </Form.Item>
      <Form.Item label="报备材料" required extra="营业执照、号码使用承诺函等（图片）">
        <Space wrap>
          {materials.map((m) => (
            <Image key={m} src={m} width={72} height={72} style={{ objectFit: 'cover' }} />
          ))}
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            showUploadList={false}
            customRequest={async ({ file }) => {
              setUploading(true);
              try {
                const form = new FormData();
                form.append('file', file as Blob);
                const img = await api.backend.upload<UploadedImage>('/uploadController/uploadImg', form);
                setMaterials((m) => [...m, img.url]);
              } finally {
                setUploading(false);
              }
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              上传材料
            </Button>
          </Upload>
        </Space>
      </Form.Item>
    </FormModal>
  );
}

function DetailDrawer({ row, onClose }: { row: Row; onClose: () => void }) {
  const [form] = Form.useForm();
  const audit = useCallMutation(t.filingAudit, { success: '已登记', invalidate: [t.filingList], onSuccess: onClose });
  return (
    <Drawer open size={640} title="报备详情" onClose={onClose} destroyOnHidden>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="企业名称">{row.companyName}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Badge status={BADGE[row.status as keyof typeof BADGE]} text={row.statusName} />
        </Descriptions.Item>
        <Descriptions.Item label="号码">{row.numbers.join('、')}</Descriptions.Item>
        <Descriptions.Item label="话术">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.script}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="材料">
          <Space wrap>
            {row.materials.map((m) => (
              <Image key={m} src={m} width={72} height={72} style={{ objectFit: 'cover' }} fallback="" />
            ))}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="审核意见">{row.auditRemark || '-'}</Descriptions.Item>
        <Descriptions.Item label="提交人">{row.submittedByName || '-'}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{row.createdAt}</Descriptions.Item>
      </Descriptions>
      {row.status === 1 && (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          initialValues={{ status: 2 }}
          onFinish={(v) => audit.mutate({ id: row.id, ...v })}
        >
          <Typography.Title level={5}>登记运营商审核结果</Typography.Title>
          <Form.Item name="status" label="审核结果">
            <Select options={opts.filter((o) => o.value !== 1)} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="auditRemark" label="审核意见">
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={audit.isPending}>
            保存
          </Button>
        </Form>
      )}
    </Drawer>
  );
}

/** /main/putOnFile 电信报备: the organisation's numbers and scripts filed with the carrier, and their status. */
export default function PutOnFilePage() {
  const [status, setStatus] = useState<number | undefined>();
  const list = useCallPage(t.filingList, { status }, 'put-on-file');
  const [submitting, setSubmitting] = useState(false);
  const [detail, setDetail] = useState<Row | null>(null);
  return (
    <div className="page-card">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="报备状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={opts}
        />
        <AddButton onClick={() => setSubmitting(true)}>提交报备</AddButton>
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={[
          { title: '企业名称', dataIndex: 'companyName' },
          { title: '号码', dataIndex: 'numbers', render: (v: string[]) => v.join('、') },
          {
            title: '状态',
            dataIndex: 'status',
            width: 110,
            render: (v: keyof typeof BADGE, r) => <Badge status={BADGE[v]} text={r.statusName} />,
          },
          { title: '审核意见', dataIndex: 'auditRemark', ellipsis: true, render: (v) => v || '-' },
          { title: '提交人', dataIndex: 'submittedByName', width: 100 },
          { title: '提交时间', dataIndex: 'createdAt', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, r) => <LinkButton onClick={() => setDetail(r)}>详情</LinkButton>,
          },
        ]}
        {...list.tableProps}
      />
      {submitting && <SubmitModal onClose={() => setSubmitting(false)} />}
      {detail && <DetailDrawer row={detail} onClose={() => setDetail(null)} />}
    </div>
  );
}
