import { Button, type ButtonProps } from 'antd';

/** A text action in a table row (编辑, 删除 …): a link-styled button, reachable by keyboard. */
export function LinkButton({ style, ...rest }: ButtonProps) {
  return <Button type="link" size="small" style={{ padding: 0, height: 'auto', ...style }} {...rest} />;
}
