import { BellFilled, CloseOutlined } from '@ant-design/icons';
import { clueNameLine, messageListOf } from '@crm/core';
import { Button, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { openCustomerDetail } from '../app/detail';
import { hasClueInfo, markRead, noticeStore, POPUP, stackStyle, useNotices } from './store';

/** The notification popups of spec part 1 section 2 (clue reminders and other pushed messages). */
export default function NoticeStack() {
  const { popups } = useNotices();
  const timers = useRef(new Map<number | string, ReturnType<typeof setTimeout>>());

  // Popups without clue info close by themselves after 5 s.
  useEffect(() => {
    for (const p of popups) {
      if (hasClueInfo(p) || p.leaving || timers.current.has(p.id)) continue;
      timers.current.set(
        p.id,
        setTimeout(() => {
          timers.current.delete(p.id);
          noticeStore.dismiss([p.id]);
        }, POPUP.autoCloseMs),
      );
    }
  }, [popups]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const visible = popups.slice(0, POPUP.maxVisible);
  return (
    <div
      style={{
        position: 'fixed',
        top: POPUP.top,
        right: POPUP.right,
        width: POPUP.width,
        zIndex: 1100,
        pointerEvents: 'none',
      }}
      data-testid="notice-stack"
    >
      {visible.map((p, level) => {
        const s = stackStyle(level);
        const clue = p.param?.clueInfo;
        return (
          <div
            key={p.id}
            className="notice-popup"
            data-level={level}
            style={{
              position: 'absolute',
              top: 0,
              right: 0,
              width: POPUP.width,
              transform: p.leaving ? `translateX(${POPUP.width + POPUP.right}px)` : s.transform,
              transformOrigin: 'top center',
              opacity: p.leaving ? 0 : 1,
              transition: `transform ${POPUP.exitMs}ms ease, opacity ${POPUP.exitMs}ms ease`,
              zIndex: s.zIndex,
              pointerEvents: level === 0 ? 'auto' : 'none',
              background: '#fff',
              borderRadius: 8,
              boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
              padding: '14px 16px',
              boxSizing: 'border-box',
            }}
          >
            <div style={{ visibility: s.contentHidden ? 'hidden' : 'visible' }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}>
                <BellFilled style={{ color: '#1f6fff' }} />
                <Typography.Text strong ellipsis style={{ flex: 1 }}>
                  {p.title || '系统消息'}
                </Typography.Text>
                <CloseOutlined
                  aria-label="关闭"
                  style={{ cursor: 'pointer', color: '#999' }}
                  onClick={() => (hasClueInfo(p) ? noticeStore.dismiss([p.id]) : noticeStore.dismissAll())}
                />
              </div>
              {p.content && (
                <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ margin: 0, color: '#555' }}>
                  {p.content}
                </Typography.Paragraph>
              )}
              {clue && (
                <div style={{ marginTop: 6, color: '#555', fontSize: 13 }}>
                  <div>客户：{clueNameLine(clue)}</div>
                  <div>时间：{clue.time || '--'}</div>
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0, marginTop: 6 }}
                    onClick={() => {
                      noticeStore.dismiss([p.id]);
                      void markRead([p.id], messageListOf(p.msgType) === 'ai');
                      if (clue.clueId !== undefined && clue.clueId !== null)
                        openCustomerDetail({ clueId: clue.clueId });
                    }}
                  >
                    查看详情
                  </Button>
                </div>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
