import { contract } from '@crm/core/contract';
import { type PracticeStage, PracticeStageName } from '@crm/core/contract/practice';
import { Alert, Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { type RowOf, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { DeleteLink } from '../../components/DeleteLink';
import { LinkButton } from '../../components/LinkButton';
import { QuotaPanel } from './QuotaPanel';
import { ReviewView } from './ReviewView';
import { ScriptModal } from './ScriptModal';
import { SessionView } from './SessionView';

type Script = RowOf<typeof contract.chatScript.pagelist>;
type Started = Awaited<ReturnType<typeof startSession>>;
const T = contract.chatScriptTrainingSession;
const startSession = (scriptId: number) => callApi(T.start, { scriptId });
const stageNames = (stages: string[]) => stages.map((s) => PracticeStageName[s as PracticeStage] ?? s).join(' → ');

function QuotaBar() {
  const q = useCallQuery(T.quota, undefined);
  if (!q.data) return null;
  const d = q.data;
  const limit = (n: number) => (n ? `${n} 分钟` : '不限');
  return (
    <Alert
      type={d.exhausted ? 'error' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="practice-quota"
      title={d.exhausted ?? '陪练额度'}
      description={
        <Space wrap size="large">
          <span>剩余时长：{d.balance === null ? '不计费' : `${d.balance} 分钟`}</span>
          <span>
            本月公司已用 {d.companyMonthlyUsageAmount} 分钟 / {limit(d.companyMonthlyQuota)}
          </span>
          <span>
            本月我已用 {d.userMonthlyUsageAmount} 分钟 / {limit(d.userMonthlyQuota)}
          </span>
          {d.intervalExpireDate && <span>最近到期：{d.intervalExpireDate}</span>}
        </Space>
      }
    />
  );
}

function ScriptTable({
  manage,
  onStart,
  starting,
}: {
  manage: boolean;
  onStart: (s: Script) => void;
  starting: number | null;
}) {
  const [editing, setEditing] = useState<Script | null | undefined>(undefined);
  const list = useCallPage(
    contract.chatScript.pagelist,
    manage ? {} : { status: 1 },
    manage ? 'practiceScripts' : 'practiceStart',
  );
  const del = useCallMutation(contract.chatScript.delete, { invalidate: [contract.chatScript.pagelist] });
  return (
    <>
      {manage && (
        <AddButton style={{ marginBottom: 12 }} onClick={() => setEditing(null)}>
          新增脚本
        </AddButton>
      )}
      <Table<Script>
        rowKey="id"
        size="middle"
        {...list.tableProps}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '脚本名称', dataIndex: 'name', width: 200 },
          { title: '客户行业', width: 120, render: (_, r) => r.persona.industry },
          { title: '对话阶段', render: (_, r) => stageNames(r.stages) },
          { title: '评分点', width: 80, render: (_, r) => r.scoringPoints.length },
          { title: '及格线', dataIndex: 'passScore', width: 80 },
          { title: '已练次数', dataIndex: 'sessionCount', width: 90 },
          ...(manage
            ? [
                {
                  title: '状态',
                  width: 80,
                  render: (_: unknown, r: Script) =>
                    r.status === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>,
                },
              ]
            : []),
          ...actionColumn<Script>(true, manage ? 140 : 120, (r) =>
            manage ? (
              <Space>
                <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
                <DeleteLink
                  title="删除陪练脚本"
                  description={`确定删除「${r.name}」？已有的陪练记录会保留。`}
                  success="已删除"
                  onDelete={() => del.mutateAsync({ ids: [r.id] })}
                />
              </Space>
            ) : (
              <Button type="primary" size="small" loading={starting === r.id} onClick={() => onStart(r)}>
                开始陪练
              </Button>
            ),
          ),
        ]}
      />
      {editing !== undefined && <ScriptModal script={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

/** /aIPractice (AI 陪练): pick a script and practise against the AI customer; managers write scripts and quotas. */
export default function PracticePage() {
  const canEdit = useHasSign('practice:edit');
  const [starting, setStarting] = useState<number | null>(null);
  const [session, setSession] = useState<Started | null>(null);
  const [reviewed, setReviewed] = useState<number | null>(null);
  const quota = useCallQuery(T.quota, undefined);

  const start = async (s: Script) => {
    setStarting(s.id);
    try {
      setSession(await startSession(s.id));
      setReviewed(null);
      void quota.refetch();
    } catch {
      // the client has shown the reason (a spent quota, a disabled script)
    } finally {
      setStarting(null);
    }
  };

  const practice = session ? (
    <SessionView
      key={session.sessionId}
      started={session}
      onEnded={(id) => {
        setSession(null);
        setReviewed(id);
      }}
    />
  ) : reviewed ? (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          本次陪练点评
        </Typography.Title>
        <Button onClick={() => setReviewed(null)}>返回脚本列表</Button>
      </Space>
      <ReviewView sessionId={reviewed} />
    </>
  ) : (
    <ScriptTable manage={false} onStart={start} starting={starting} />
  );

  return (
    <div>
      <QuotaBar />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'practice', label: '开始陪练', children: practice },
          ...(canEdit
            ? [
                {
                  key: 'scripts',
                  label: '脚本管理',
                  children: <ScriptTable manage onStart={start} starting={starting} />,
                },
                { key: 'quota', label: '额度设置', children: <QuotaPanel /> },
              ]
            : []),
        ]}
      />
    </div>
  );
}
