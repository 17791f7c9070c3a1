import { Messages } from '@crm/core';
import { Button, DotLoading, Empty, ErrorBlock } from 'antd-mobile';

/** Loading: dots and 加载中. */
export function MobileLoading({ text = '加载中' }: { text?: string }) {
  return (
    <div className="m-center" data-testid="mobile-loading">
      <span>{text}</span>
      <DotLoading />
    </div>
  );
}

/** Nothing to show: 暂无数据. */
export function MobileEmpty({ text = Messages.empty }: { text?: string }) {
  return <Empty description={text} data-testid="mobile-empty" />;
}

/** A failed load (the client has shown the message): why, and 重试. */
export function MobileError({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <ErrorBlock status="default" title="加载失败" description={message ?? Messages.networkError}>
      {onRetry && (
        <Button color="primary" fill="outline" onClick={onRetry}>
          重试
        </Button>
      )}
    </ErrorBlock>
  );
}
