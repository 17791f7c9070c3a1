import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { type CallAnswer, contract } from '@crm/core/contract';
import { imageIdOf, type UploadedImage } from '@crm/core/contract/upload';
import { useMutation } from '@tanstack/react-query';
import { Button, Space, Tag, Upload } from 'antd';
import { api } from '../../api/client';

type Attachment = CallAnswer<typeof contract.order.detail>['attachments'][number];

/**
 * An order's attachments (contract scans, payment slips): images through the image upload, up to 20. Only files
 * uploaded here are accepted by the server; only their addresses are links.
 */
export function AttachmentInput({
  value = [],
  onChange,
}: {
  value?: Attachment[];
  onChange?: (v: Attachment[]) => void;
}) {
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.backend.upload<UploadedImage>(contract.upload.uploadImage.path, body);
    },
    onSuccess: (img) => onChange?.([...value, { name: img.fileName.slice(0, 100), url: img.url }]),
    // the client has shown the failure
    onError: () => {},
  });
  return (
    <Space wrap>
      {value.map((a) => (
        <Tag
          key={a.url}
          icon={<PaperClipOutlined />}
          closable
          onClose={() => onChange?.(value.filter((x) => x.url !== a.url))}
        >
          {imageIdOf(a.url) ? (
            <a href={a.url} target="_blank" rel="noreferrer">
              {a.name}
            </a>
          ) : (
            a.name
          )}
        </Tag>
      ))}
      {value.length < 20 && (
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            上传附件
          </Button>
        </Upload>
      )}
    </Space>
  );
}
