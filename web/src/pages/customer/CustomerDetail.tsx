import {
  EditOutlined,
  LeftOutlined,
  LockOutlined,
  PhoneOutlined,
  RightOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { ResultCode } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Button, Card, Empty, Result, Space, Spin, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useCallQuery } from '../../api/hooks';
import { closeCustomerDetail, showDetailAt, useDetailState } from '../../app/detail';
import { navigateTo } from '../../app/navigation';
import { useHasSign } from '../../app/session';
import { AiBriefing } from '../../features/insight/AiBriefing';
import { useClueActions } from '../../features/lead/actions';
import { detailFilter } from '../../features/lead/detailList';
import { LeadOrders } from '../../features/order/LeadOrders';
import { CallPanel, useClickToCall } from '../../features/telephony/useClickToCall';
import { ChangeLog } from './ChangeLog';
import { ClueFields } from './ClueFields';
import { ClueFormModal } from './ClueFormModal';
import { CollaboratorModal } from './CollaboratorModal';
import { FollowForm } from './FollowForm';
import { InteractionList } from './InteractionList';

/** Previous and next lead of the list the detail was opened from: the saved list first, then the server. */
function useNeighbours(clueId: number | null, list: number[]) {
  const pos = clueId ? list.indexOf(clueId) : -1;
  const inPrev = pos > 0 ? list[pos - 1] : null;
  const inNext = pos >= 0 && pos < list.length - 1 ? list[pos + 1] : null;
  const needServer = !!clueId && (inPrev === null || inNext === null);
  const server = useCallQuery(
    contract.clue.neighbours,
    { ...detailFilter(), clueId: clueId ?? 0 },
    { enabled: needServer, silent: true },
  );
  return {
    prevId: inPrev ?? server.data?.prevId ?? null,
    nextId: inNext ?? server.data?.nextId ?? null,
    pos,
  };
}

/**
 * /Detail 客户详情, inside the detail drawer: the lead's fields, its interaction records with the follow-up form, the
 * field change log, and previous/next through the list it was opened from. Also opened embedded with ?id=.
 */
export default function CustomerDetail() {
  const state = useDetailState();
  const [search] = useSearchParams();
  const clueId = Number(state?.clueId ?? search.get('id')) || null;
  const list = ((state?.list ?? []) as unknown[]).map((x) =>
    typeof x === 'object' && x
      ? Number((x as { clueId?: number; id?: number }).clueId ?? (x as { id?: number }).id)
      : Number(x),
  );
  const [editing, setEditing] = useState(false);
  const [collab, setCollab] = useState(false);
  const [tab, setTab] = useState('interactions');
  const canEdit = useHasSign('clue:edit');
  const canDelete = useHasSign('clue:delete');
  const canCall = useHasSign('call:out');
  const dialer = useClickToCall();
  const clueActions = useClueActions();

  // Neither a saved state nor an id: nothing to show, back to the main page.
  useEffect(() => {
    if (!clueId) navigateTo('/main', { replace: true });
  }, [clueId]);

  // One key per lead: a change refetches it in place, so the drawer keeps showing the lead meanwhile.
  const detail = useCallQuery(contract.clue.detail, { clueId: clueId ?? 0 }, { enabled: !!clueId, silent: true });
  const nb = useNeighbours(clueId, list);
  const go = (id: number | null, step: -1 | 1) => {
    if (!id) return;
    const idx = list.indexOf(id);
    showDetailAt(idx >= 0 ? idx : nb.pos + step, id);
    setTab('interactions');
  };
  if (!clueId) return <Empty description="暂无数据" />;
  const notFound =
    detail.error instanceof ApiError && (detail.error.code === ResultCode.NOT_FOUND || detail.error.status === 404);
  if (notFound) return <Result status="404" title="客户不存在" subTitle="该客户可能已被删除或不在您的数据权限内" />;
  if (detail.isError && !detail.data)
    return (
      <Result
        status="error"
        title="客户详情加载失败"
        subTitle={(detail.error as Error)?.message || '请检查网络后重试'}
        extra={
          <Button type="primary" loading={detail.isFetching} onClick={() => void detail.refetch()}>
            重试
          </Button>
        }
      />
    );
  const clue = detail.data;
  return (
    <Spin spinning={detail.isLoading}>
      <div style={{ padding: 16 }} data-testid="customer-detail">
        <Card size="small" style={{ marginBottom: 12 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 12 }}>
            <Space orientation="vertical" size={4}>
              <Space size={8} wrap>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-name">
                  {clue?.name || clue?.phone || '-'}
                </Typography.Title>
                {clue && <Tag color={clue.type === 2 ? 'gold' : 'blue'}>{clue.typeName}</Tag>}
                {clue?.lockStatus === 1 && <Tag icon={<LockOutlined />}>已锁定</Tag>}
                {clue?.blacklisted === 1 && <Tag color="red">黑名单</Tag>}
                {clue?.tagNames?.map((t) => (
                  <Tag key={t} color="processing">
                    {t}
                  </Tag>
                ))}
              </Space>
              <Space size={16} wrap style={{ color: '#666' }}>
                <span>手机号：{clue?.phone ?? '-'}</span>
                <span>公司：{clue?.company || '-'}</span>
                <span>跟进人：{clue?.ownerName || '-'}</span>
                <span>客户阶段：{clue?.stageName || '-'}</span>
                <span>跟进状态：{clue?.followStatusName || '-'}</span>
                <span>下次跟进：{clue?.nextFollowTime ?? '-'}</span>
              </Space>
            </Space>
            <Space>
              <Tooltip title="上一条">
                <Button
                  icon={<LeftOutlined />}
                  disabled={!nb.prevId}
                  onClick={() => go(nb.prevId, -1)}
                  data-testid="detail-prev"
                />
              </Tooltip>
              {nb.pos >= 0 && list.length > 0 && (
                <Typography.Text type="secondary" data-testid="detail-pos" style={{ whiteSpace: 'nowrap' }}>
                  {nb.pos + 1}/{list.length}
                </Typography.Text>
              )}
              <Tooltip title="下一条">
                <Button
                  icon={<RightOutlined />}
                  disabled={!nb.nextId}
                  onClick={() => go(nb.nextId, 1)}
                  data-testid="detail-next"
                />
              </Tooltip>
            </Space>
          </div>
          {clue && (
            <Space style={{ marginTop: 12 }} wrap>
              {canCall && clue.phone && (
                <Button
                  type="primary"
                  icon={<PhoneOutlined />}
                  loading={dialer.pending}
                  disabled={dialer.calling}
                  onClick={() => dialer.start({ clueId: clue.id })}
                  data-testid="detail-call"
                >
                  拨打电话
                </Button>
              )}
              {canEdit && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  编辑
                </Button>
              )}
              {canEdit && (
                <Button onClick={() => clueActions.lock([clue.id], clue.lockStatus ? 0 : 1)}>
                  {clue.lockStatus ? '解锁' : '锁定'}
                </Button>
              )}
              {canEdit && clue.type === 1 && <Button onClick={() => clueActions.turn([clue.id])}>转为客户</Button>}
              {canEdit && (
                <Button icon={<TeamOutlined />} onClick={() => setCollab(true)}>
                  协作人
                </Button>
              )}
              {canEdit && !clue.blacklisted && (
                <Button onClick={() => clueActions.blacklist([clue.id])}>加入黑名单</Button>
              )}
              {canDelete && (
                <Button danger onClick={() => clueActions.remove([clue.id], closeCustomerDetail)}>
                  删除
                </Button>
              )}
            </Space>
          )}
          {dialer.call?.clueId === clue?.id && (
            <div style={{ marginTop: 12 }}>
              <CallPanel dialer={dialer} />
            </div>
          )}
        </Card>
        {clue && (
          <Card size="small">
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                {
                  key: 'interactions',
                  label: '互动记录',
                  children: (
                    <>
                      {canEdit && (
                        <Card size="small" title="写跟进" style={{ marginBottom: 16, background: '#fafbfc' }}>
                          <FollowForm clueId={clue.id} />
                        </Card>
                      )}
                      <InteractionList clueId={clue.id} />
                    </>
                  ),
                },
                { key: 'ai', label: 'AI 沟通摘要', children: <AiBriefing clueId={clue.id} /> },
                { key: 'fields', label: '客户资料', children: <ClueFields clue={clue} /> },
                { key: 'log', label: '字段变更记录', children: <ChangeLog clueId={clue.id} /> },
                {
                  key: 'orders',
                  label: '订单',
                  children: <LeadOrders clueId={clue.id} customerName={clue.name || clue.company || ''} />,
                },
              ]}
            />
          </Card>
        )}
        <ClueFormModal
          open={editing}
          clue={clue ?? null}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
        <CollaboratorModal clueId={collab && clue ? clue.id : null} onClose={() => setCollab(false)} />
      </div>
    </Spin>
  );
}
