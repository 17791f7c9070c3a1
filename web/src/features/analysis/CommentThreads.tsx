import { contract } from '@crm/core/contract';
import type { CallComment } from '@crm/core/contract/analysis';
import { Avatar, Button, Empty, Input, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { LinkButton } from '../../components/LinkButton';

function CommentLine({
  c,
  onReply,
  reply,
}: {
  c: CallComment;
  onReply: (c: CallComment) => void;
  /** A reply: says whom it answers. */
  reply?: boolean;
}) {
  return (
    <div style={{ display: 'flex', gap: 8, padding: '6px 0' }} data-testid="comment">
      <Avatar size="small" style={{ background: reply ? '#95de64' : '#69b1ff', flex: 'none' }}>
        {(c.authorName ?? '?').slice(0, 1)}
      </Avatar>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Space size={6}>
          <Typography.Text strong>{c.authorName ?? '-'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.createdAt ?? ''}
          </Typography.Text>
          <LinkButton onClick={() => onReply(c)}>回复</LinkButton>
        </Space>
        <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {reply && c.refAuthorName && <Typography.Text type="secondary">回复 @{c.refAuthorName}：</Typography.Text>}
          {c.text}
        </div>
      </div>
    </div>
  );
}

/** The comments on a call, in threads: a comment and every reply below it; anyone who may see the call writes. */
export function CommentThreads({ recordingId }: { recordingId: number }) {
  const list = useCallQuery(contract.analysis.comments, { recordingId });
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<CallComment | null>(null);
  const add = useCallMutation(contract.analysis.addComment, {
    success: '评论成功',
    invalidate: [contract.analysis.comments, contract.analysis.list],
    onSuccess: () => {
      setText('');
      setReplyTo(null);
    },
  });
  const threads = list.data ?? [];
  return (
    <div data-testid="comments">
      {list.isLoading ? (
        <Spin />
      ) : threads.length ? (
        threads.map((t) => (
          <div key={t.id} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 4 }}>
            <CommentLine c={t} onReply={setReplyTo} />
            {t.replies.length > 0 && (
              <div style={{ marginLeft: 32, paddingLeft: 8, borderLeft: '2px solid #f0f0f0' }}>
                {t.replies.map((r) => (
                  <CommentLine key={r.id} c={r} onReply={setReplyTo} reply />
                ))}
              </div>
            )}
          </div>
        ))
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评论" />
      )}
      <div style={{ marginTop: 8 }}>
        {replyTo && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            回复 @{replyTo.authorName ?? '-'} <LinkButton onClick={() => setReplyTo(null)}>取消回复</LinkButton>
          </Typography.Text>
        )}
        <Input.TextArea
          rows={2}
          maxLength={1000}
          placeholder={replyTo ? `回复 ${replyTo.authorName ?? ''}` : '写下对这通电话的点评'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="comment-input"
        />
        <Button
          type="primary"
          size="small"
          style={{ marginTop: 6 }}
          disabled={!text.trim()}
          loading={add.isPending}
          onClick={() => add.mutate({ recordingId, text: text.trim(), ref: replyTo?.id })}
          data-testid="comment-submit"
        >
          {replyTo ? '回复' : '发表评论'}
        </Button>
      </div>
    </div>
  );
}
