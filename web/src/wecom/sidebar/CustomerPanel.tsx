import { contract } from '@crm/core/contract';
import type { BriefingPoint } from '@crm/core/contract/insight';
import type { Interaction } from '@crm/core/contract/interaction';
import { Button, Card, Input, List, NoticeBar, ProgressBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { MobileEmpty, MobileError, MobileLoading } from '../../mobile';

const CONTACT_TYPE: Record<number, string> = { 1: '微信用户', 2: '企业微信用户' };
const POINTS = 3;

/** The chat's contact: who it is, its lead (or a lead made in one tap), and the lead's AI side. */
export function ContactPanel({ externalUserid }: { externalUserid: string }) {
  const detail = useCallQuery(contract.wecomSidebar.getCustomerDetailInWechat, { externalUserid }, { silent: true });
  if (detail.isPending) return <MobileLoading />;
  if (!detail.data)
    return <MobileError message={(detail.error as Error | null)?.message} onRetry={() => void detail.refetch()} />;
  const { contact, clueId, clueHidden, suggestedPhone } = detail.data;
  const follow = contact.followers.find((f) => !f.removed) ?? contact.followers[0];
  return (
    <>
      <Card className="m-section" title={<span data-testid="contact-name">{follow?.remark || contact.name}</span>}>
        <div className="m-muted">
          {[contact.name !== follow?.remark ? contact.name : '', CONTACT_TYPE[contact.type], contact.corpName]
            .filter(Boolean)
            .join(' · ')}
        </div>
        {follow && (
          <div className="m-muted">
            {follow.name || follow.userid} 于 {follow.addedAt ?? '-'} 添加（{follow.addWayName}）
          </div>
        )}
        {follow?.description && <div>{follow.description}</div>}
      </Card>
      {clueId !== null ? (
        <LeadPanel clueId={clueId} />
      ) : clueHidden ? (
        <NoticeBar className="m-section" content="该客户的线索不在您的数据权限范围内" color="info" wrap />
      ) : (
        <CreateLead externalUserid={externalUserid} suggestedPhone={suggestedPhone} />
      )}
    </>
  );
}

/** A contact without a lead: one tap makes it one (import way 企业微信), with its remark mobile or a phone typed. */
function CreateLead({ externalUserid, suggestedPhone }: { externalUserid: string; suggestedPhone: string | null }) {
  const [phone, setPhone] = useState(suggestedPhone ?? '');
  const create = useCallMutation(contract.wechatCustomer.toClue, {
    success: '已建为线索',
    invalidate: [contract.wecomSidebar.getCustomerDetailInWechat],
  });
  return (
    <Card className="m-section" title="尚未建立线索" data-testid="no-lead">
      <div className="m-muted" style={{ marginBottom: 8 }}>
        该客户在系统中还没有线索。建为线索后，通话分析与跟进都会显示在这里。
      </div>
      <Input
        data-testid="lead-phone"
        placeholder="客户手机号"
        value={phone}
        onChange={setPhone}
        type="tel"
        maxLength={11}
        clearable
      />
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        data-testid="create-lead"
        loading={create.isPending}
        onClick={() => create.mutate({ externalUserid, phone: phone.trim() || undefined })}
      >
        一键建为线索
      </Button>
    </Card>
  );
}

/** The lead: intention, churn risk, the AI briefing, risks, the last calls and follow-ups. */
export function LeadPanel({ clueId }: { clueId: number }) {
  const navigate = useNavigate();
  const info = useCallQuery(contract.wecomSidebar.getCustomerInfoByClueIdNew, { clueId });
  const ai = useCallQuery(contract.wecomSidebar.getAiCommBriefing, { clueId });
  if (info.isPending) return <MobileLoading />;
  if (!info.data)
    return <MobileError message={(info.error as Error | null)?.message} onRetry={() => void info.refetch()} />;
  const { customer: c, calls, follows } = info.data;
  const b = ai.data?.briefing;
  return (
    <>
      <Card className="m-section" title={<span data-testid="lead-name">{c.name || c.phone}</span>}>
        <div className="m-muted">
          {[c.phone, c.company, c.ownerName && `负责人 ${c.ownerName}`, c.stageName].filter(Boolean).join(' · ')}
        </div>
        <div className="m-kv" data-testid="lead-intention">
          意向：{c.intentionName ?? '暂无'}
          {c.intentionDegree !== null && (
            <ProgressBar percent={c.intentionDegree} text={`${c.intentionDegree}%`} style={{ marginTop: 4 }} />
          )}
        </div>
        <div>流失风险：{c.churnRisk === null ? '-' : `${c.churnRisk}%`}</div>
        <div className="m-muted">
          通话 {c.callCount} 次 · 最近通话 {c.lastCallTime ?? '-'} · 最近跟进 {c.lastFollowTime ?? '-'}
        </div>
      </Card>
      <Card className="m-section" title="AI 沟通摘要" data-testid="briefing">
        {ai.isPending ? (
          <MobileLoading />
        ) : !b || b.source === 'empty' ? (
          <MobileEmpty text="暂无通话分析，通话分析完成后在此生成摘要" />
        ) : (
          <>
            <div>{b.summary}</div>
            <Points title="需求" items={b.needs} />
            <Points title="异议" items={b.objections} />
            <Points title="竞品" items={b.competitors} />
            <Points title="下一步" items={b.nextSteps} />
            {b.llmError && <NoticeBar content={b.llmError} color="alert" wrap />}
          </>
        )}
      </Card>
      <Card className="m-section" title="风险" data-testid="risks">
        {ai.data?.risks.length ? (
          ai.data.risks.map((r) => (
            <div key={r.recordingId} style={{ marginBottom: 6 }}>
              <span className="m-muted">{r.callTime ?? '-'}</span>{' '}
              {r.reasons.map((x) => (
                <Tag key={x} color="danger" fill="outline" style={{ marginRight: 4 }}>
                  {x}
                </Tag>
              ))}
            </div>
          ))
        ) : (
          <span className="m-muted">暂无风险</span>
        )}
      </Card>
      <Events
        title="最近通话"
        testId="recent-calls"
        items={calls}
        onOpen={(e) => e.recordId && navigate(`/weComAnalyseDetail?recordId=${e.recordId}`)}
      />
      <Events title="最近跟进" testId="recent-follows" items={follows} />
    </>
  );
}

function Points({ title, items }: { title: string; items: BriefingPoint[] }) {
  if (!items.length) return null;
  return (
    <div style={{ marginTop: 6 }}>
      <b>{title}：</b>
      {items
        .slice(0, POINTS)
        .map((p) => p.text)
        .join('；')}
    </div>
  );
}

function Events(props: { title: string; testId: string; items: Interaction[]; onOpen?: (e: Interaction) => void }) {
  return (
    <List className="m-section" header={props.title} data-testid={props.testId}>
      {props.items.length === 0 ? (
        <MobileEmpty />
      ) : (
        props.items.map((e) => (
          <List.Item
            key={`${e.type}-${e.id}`}
            onClick={props.onOpen ? () => props.onOpen?.(e) : undefined}
            description={[e.time, e.userName || e.ownerName, e.followWayName].filter(Boolean).join(' · ')}
          >
            {e.content || e.title || '-'}
          </List.Item>
        ))
      )}
    </List>
  );
}
