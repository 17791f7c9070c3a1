import { formatDateTime } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Result, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { useCallQuery } from '../../api/hooks';
import { BoardGrid } from './BoardGrid';

/** /dashboard/:id 数据看板: a shared custom board, read-only and without a session; the id is the share token. */
export default function SharedBoardPage() {
  const { id = '' } = useParams();
  const board = useCallQuery(contract.customBoard.shared, { token: id }, { silent: true, refetchInterval: 300_000 });
  if (board.isLoading) return <Spin style={{ display: 'block', marginTop: 120 }} />;
  if (!board.data)
    return <Result status="404" title="分享链接已失效" subTitle="该看板已取消分享或不存在，请联系分享人。" />;
  return (
    <div style={{ padding: 16, background: '#f5f5f5', minHeight: '100vh' }}>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="shared-title">
        {board.data.board.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        只读分享 · 数据更新于 {formatDateTime(new Date(board.dataUpdatedAt))}（每 5 分钟刷新）
      </Typography.Paragraph>
      <BoardGrid data={board.data} clickable={false} />
    </div>
  );
}
