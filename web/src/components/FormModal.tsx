import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A dialog holding one vertical form: its OK button (`okText`, 确定 by default) validates the fields and hands their
 * values to `onSubmit`; a failed validation only shows its messages. The fields' values go when it closes. `form`
 * when the caller reads or sets fields itself.
 */
export function FormModal<V = any>({
  title,
  open = true,
  okText = '确定',
  width,
  loading,
  form: given,
  initialValues,
  onClose,
  onSubmit,
  children,
}: {
  title: ReactNode;
  open?: boolean;
  okText?: string;
  width?: number;
  /** The OK button's loading (the write's `isPending`). */
  loading: boolean;
  form?: FormInstance<V>;
  initialValues?: Record<string, unknown>;
  onClose: () => void;
  onSubmit: (values: V) => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>(given);
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText={okText}
      cancelText="取消"
      confirmLoading={loading}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.validateFields().then(onSubmit, () => {})}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
