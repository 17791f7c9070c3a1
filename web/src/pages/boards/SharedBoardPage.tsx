import { formatDateTime, ResultCode } from '@crm/core';
import { contract } from '@crm/core/contract';
import { SHARE_LINK_EXPIRED, SHARE_LINK_INVALID, SHARE_LINK_REVOKED } from '@crm/core/contract/boards';
import { Result, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useCallQuery } from '../../api/hooks';
import { BoardGrid } from './BoardGrid';

/** What the page says when the link does not open a board: the server's reason, in the page's words. */
function failure(error: unknown): { title: string; subTitle: string } {
  const e = error instanceof ApiError ? error : null;
  if (e?.code === ResultCode.BAD_REQUEST)
    return { title: SHARE_LINK_INVALID, subTitle: '请检查链接是否完整，或联系分享人重新发送。' };
  if (e?.code === ResultCode.GONE)
    return { title: SHARE_LINK_EXPIRED, subTitle: '该分享链接已超过有效期，请联系分享人重新分享。' };
  if (e?.code === ResultCode.RATE_LIMITED) return { title: '访问过于频繁', subTitle: '请 1 分钟后再刷新页面。' };
  if (e?.code === ResultCode.NOT_FOUND)
    return { title: SHARE_LINK_REVOKED, subTitle: '该看板已取消分享或不存在，请联系分享人。' };
  return { title: '加载失败', subTitle: e?.message || '网络错误，请刷新重试' };
}

/**
 * /dashboard/:id 数据看板: a shared custom board, read-only and without a session; the id is the share token. A
 * malformed link says 链接无效, an expired one 链接已过期, a revoked one 分享链接已失效.
 */
export default function SharedBoardPage() {
  const { id = '' } = useParams();
  const board = useCallQuery(contract.customBoard.shared, { token: id }, { silent: true, refetchInterval: 300_000 });
  if (board.isLoading) return <Spin style={{ display: 'block', marginTop: 120 }} />;
  if (!board.data) {
    const { title, subTitle } = failure(board.error);
    return (
      <Result
        status={board.error instanceof ApiError && board.error.code === ResultCode.GONE ? 'warning' : '404'}
        title={<span data-testid="shared-failure">{title}</span>}
        subTitle={subTitle}
      />
    );
  }
  return (
    <div style={{ padding: 16, background: '#f5f5f5', minHeight: '100vh' }}>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="shared-title">
        {board.data.board.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        只读分享 · 数据更新于 {formatDateTime(new Date(board.dataUpdatedAt))}（每 5 分钟刷新）
        {board.data.board.shareExpiresAt ? ` · 链接有效期至 ${board.data.board.shareExpiresAt}` : ''}
      </Typography.Paragraph>
      <BoardGrid data={board.data} clickable={false} />
    </div>
  );
}
