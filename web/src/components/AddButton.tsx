import { PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';

/** The primary 新增… button of a list or a settings tab. */
export function AddButton(props: ButtonProps) {
  return <Button type="primary" icon={<PlusOutlined />} {...props} />;
}
