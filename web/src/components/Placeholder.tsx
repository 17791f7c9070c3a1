import { Result } from 'antd';

/** The page of a route whose screen is not built yet. */
export default function Placeholder({ title }: { title?: string }) {
  return (
    <Result
      status="info"
      title="功能建设中"
      subTitle={title ? `「${title}」页面正在建设中，敬请期待` : '该页面正在建设中，敬请期待'}
    />
  );
}
