import { AsrStatus, SpeakerLabel } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AnalysisView, CallAnalysisDetail, Evidence } from '@crm/core/contract/analysis';
import { Card, List, NoticeBar, ProgressBar, Tag } from 'antd-mobile';
import { type ReactNode, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCallQuery } from '../../api/hooks';
import { getToken } from '../../app/session';
import { MobileEmpty, MobileError, MobileLoading, MobilePage, MobileScreen } from '../../mobile';
import { signInPath } from './session';

/** The analysis is still to come (queued, running): the page asks again this often (ms). */
const PENDING_POLL_MS = 3000;
const PENDING = [0, 1, 2];

function Tags({ items, color }: { items: string[]; color?: string }) {
  if (!items.length) return <span className="m-muted">-</span>;
  return (
    <span className="m-tags">
      {items.map((t) => (
        <Tag key={t} color={color} fill="outline">
          {t}
        </Tag>
      ))}
    </span>
  );
}

/** The sentences a result rests on (intention, churn risk, tags, fields); a tap plays the call from there. */
function EvidenceList({ v, onSeek }: { v: AnalysisView; onSeek: (ms: number) => void }) {
  const items: [string, Evidence][] = [
    ...v.intentionEvidence.map((e): [string, Evidence] => [`意向：${v.intentionName ?? '-'}`, e]),
    ...v.churnEvidence.map((e): [string, Evidence] => ['流失风险', e]),
    ...v.callTags.flatMap((t) => t.evidence.map((e): [string, Evidence] => [t.name, e])),
    ...v.customTags.flatMap((t) => t.evidence.map((e): [string, Evidence] => [t.name, e])),
    ...v.fields.flatMap((f) => f.evidence.map((e): [string, Evidence] => [f.name, e])),
  ];
  if (!items.length) return null;
  return (
    <List className="m-section" header="判断依据（点击从此处播放）" data-testid="analysis-evidence">
      {items.map(([label, e]) => (
        <List.Item
          key={`${label}-${e.segment}-${e.startMs}`}
          onClick={() => onSeek(e.startMs)}
          description={`${SpeakerLabel[e.speaker]}：${e.text}`}
        >
          <Tag color="primary" fill="outline">
            {label}
          </Tag>
          {e.quote && <span className="m-muted"> “{e.quote}”</span>}
        </List.Item>
      ))}
    </List>
  );
}

/** The AI result of a call: summary, intention, churn risk, tags, keywords, extracted fields and violations. */
function AiResult({ d, onSeek }: { d: CallAnalysisDetail; onSeek: (ms: number) => void }) {
  const v = d.effective;
  if (!v) {
    const why = d.paused ? d.pausedReason : d.error;
    return (
      <Card className="m-section" title="AI 分析">
        <div data-testid="analysis-status">{d.analysisStatusName}</div>
        {why && <div className="m-muted">{why}</div>}
      </Card>
    );
  }
  if (!v.conversation)
    return (
      <Card className="m-section" title="AI 分析">
        未形成有效通话（空号、未接通或只有提示音）
      </Card>
    );
  const rows: [string, ReactNode][] = [
    [
      '意向',
      <span key="i">
        {v.intentionName ?? '-'}
        <ProgressBar percent={v.intentionDegree} text={`${v.intentionDegree}%`} style={{ marginTop: 4 }} />
      </span>,
    ],
    ['流失风险', v.churnRisk == null ? '-' : `${v.churnRisk}%`],
    [
      '风险',
      v.risk || v.potentialComplaint ? (
        <Tag key="r" color="danger">
          有风险
        </Tag>
      ) : (
        '无'
      ),
    ],
    ['通话标签', <Tags key="c" items={v.callTags.map((t) => t.name)} color="primary" />],
    ['AI 标签', <Tags key="a" items={[...v.aiLabels.map((t) => t.name), ...v.customTags.map((t) => t.name)]} />],
    ['关键词', <Tags key="k" items={v.keywords.map((k) => k.word)} />],
    ['表现', <Tags key="f" items={v.flagNames} color="warning" />],
  ];
  return (
    <>
      <Card className="m-section" title="沟通摘要">
        <div data-testid="analysis-summary" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}>
          {v.summary || '-'}
        </div>
      </Card>
      <List className="m-section" header="AI 分析">
        {rows.map(([label, value]) => (
          <List.Item key={label} description={value}>
            {label}
          </List.Item>
        ))}
        {v.fields.map((f) => (
          <List.Item key={f.key} extra={f.value || '-'}>
            {f.name}
          </List.Item>
        ))}
      </List>
      {v.violations.length > 0 && (
        <List className="m-section" header={`违规（${v.violations.length}）`}>
          {v.violations.map((x) => (
            <List.Item key={`${x.segment}-${x.rule}`} description={x.text}>
              <Tag color="danger">{x.rule}</Tag>
            </List.Item>
          ))}
        </List>
      )}
      <EvidenceList v={v} onSeek={onSeek} />
    </>
  );
}

/** 分析详情 (/weComAnalyseDetail?recordId=): the call with its audio, its AI analysis and the transcript. */
export default function AnalyseDetailPage() {
  return <AnalyseDetail listPath="/weComApp/analyse" />;
}

export interface AnalyseDetailProps {
  /** Where 返回 goes when the detail was opened directly. */
  listPath: string;
  /** Right of the title bar, with the analysis loaded (an action on it). */
  right?: (d: CallAnalysisDetail) => ReactNode;
}

/** A call's analysis screen (the WeCom app's, the H5 page's): its audio, AI result with evidence and transcript. */
export function AnalyseDetail({ listPath, right }: AnalyseDetailProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const recordId = Number(params.get('recordId') ?? params.get('id'));
  const valid = Number.isInteger(recordId) && recordId > 0;
  const token = getToken();
  const call = useCallQuery(contract.asr.getAsrText, { recordId }, { enabled: valid && !!token });
  const analysis = useCallQuery(
    contract.analysis.detail,
    { recordId },
    {
      enabled: valid && !!token,
      refetchInterval: (d) => (d && PENDING.includes(d.analysisStatus) && !d.paused ? PENDING_POLL_MS : false),
    },
  );
  const audio = useRef<HTMLAudioElement>(null);
  if (!token) return <Navigate to={signInPath()} replace />;
  // back where the user came from, or to the analysis list when the detail was opened directly
  const back = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate(listPath, { replace: true }));
  const seek = (ms: number) => {
    if (!audio.current) return;
    audio.current.currentTime = ms / 1000;
    void audio.current.play().catch(() => {});
  };
  const c = call.data;
  const segments = c?.transcript?.segments ?? [];
  return (
    <MobileScreen>
      <MobilePage
        title="分析详情"
        onBack={back}
        right={analysis.data && right?.(analysis.data)}
        onRefresh={() => Promise.all([call.refetch(), analysis.refetch()])}
      >
        {!valid ? (
          <MobileError message="录音不存在" />
        ) : call.isPending ? (
          <MobileLoading />
        ) : !c ? (
          <MobileError message={(call.error as Error | null)?.message} onRetry={() => void call.refetch()} />
        ) : (
          <>
            <Card className="m-section" title={<span data-testid="call-title">{c.phone || c.fileName}</span>}>
              <div className="m-muted">
                {c.callTime ?? '-'} · {c.durationText} · {c.ownerName ?? '-'} · {c.callTypeName}
              </div>
              {/* biome-ignore lint/a11y/useMediaCaption: a phone call recording has no captions; its transcript is below */}
              <audio
                ref={audio}
                data-testid="call-audio"
                controls
                preload="metadata"
                src={`${c.playUrl}&token=${encodeURIComponent(token)}`}
                style={{ width: '100%', marginTop: 12 }}
              />
            </Card>
            {analysis.data ? (
              <AiResult d={analysis.data} onSeek={seek} />
            ) : analysis.isPending ? (
              <MobileLoading />
            ) : null}
            {analysis.data?.llmError && <NoticeBar content={analysis.data.llmError} color="alert" wrap />}
            <List className="m-section" header="通话内容（点击句子从此处播放）" data-testid="transcript">
              {segments.length === 0 ? (
                <MobileEmpty text={c.asrStatus === AsrStatus.DONE ? undefined : c.asrStatusName} />
              ) : (
                segments.map((s) => (
                  <List.Item
                    key={`${s.startMs}-${s.speaker}`}
                    onClick={() => seek(s.startMs)}
                    prefix={<Tag color={s.speaker === 'agent' ? 'primary' : 'success'}>{SpeakerLabel[s.speaker]}</Tag>}
                  >
                    {s.text}
                  </List.Item>
                ))
              )}
            </List>
          </>
        )}
      </MobilePage>
    </MobileScreen>
  );
}
