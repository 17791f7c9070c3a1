import { LinkOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { ResultCode, SpeakerLabel, type TranscriptSegment } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Alert, Button, Card, Col, Descriptions, Empty, Popconfirm, Progress, Row, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { showError, showSuccess, ui } from '../../app/ui';
import { AudioPlayer } from '../../components/AudioPlayer';
import { ShareLinkFailure } from '../../components/ShareLinkFailure';
import { AiPanel } from '../analysis/AiPanel';
import { Marked } from '../analysis/EvidenceList';
import { type Evidence, evidenceIndex } from '../analysis/evidence';
import { MarkExampleButton } from '../training/MarkExampleButton';
import { ASR_STATUS_COLOR, asrErrorText, type CallDetail, isPending, NO_ENGINE_HINT } from './types';

const mmss = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
/** The server's answers to a share ticket it cannot verify (its signature or purpose wrong). */
const REFUSED_TICKET: number[] = [ResultCode.LOGIN_EXPIRED, ResultCode.INVALID_TOKEN];
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} 秒`;

/** The sentence being spoken at `ms`: the last segment that started at or before it (and has not long ended). */
export function activeIndex(segments: TranscriptSegment[], ms: number): number {
  let found = -1;
  for (let i = 0; i < segments.length; i++) {
    if (segments[i].startMs <= ms) {
      if (ms <= segments[i].endMs + 300) found = i;
    } else break;
  }
  return found;
}

/**
 * Brings a transcript line into view by scrolling the transcript box only: scrollIntoView also scrolled the drawer or
 * page around it while the audio played, so that what the reader had scrolled to jumped away (the left half blank).
 */
function scrollWithin(box: HTMLElement | null, index: number, block: 'nearest' | 'center'): void {
  const el = box?.querySelector<HTMLElement>(`[data-seg="${index}"]`);
  if (!box || !el) return;
  const b = box.getBoundingClientRect();
  const e = el.getBoundingClientRect();
  let delta = 0;
  if (block === 'center') delta = e.top - b.top - (b.height - e.height) / 2;
  else if (e.top < b.top) delta = e.top - b.top;
  else if (e.bottom > b.bottom) delta = e.bottom - b.bottom;
  if (delta) box.scrollBy({ top: delta, behavior: 'smooth' });
}

export interface CallDetailViewProps {
  recordId?: number;
  maskId?: string;
  /** Rerun and role swap (not on the shared, read-only view). */
  actions?: boolean;
  /** A sentence to open at first (a citation of the AI 沟通摘要): highlighted, and the audio seeks to it. */
  at?: { segment: number; startMs: number };
}

/**
 * Call detail: the player (rates 0.75-2.0) with the transcript, the AI panel beside it (its evidence opens the
 * sentence here and seeks the audio), and the audio metrics.
 */
export function CallDetailView({ recordId, maskId, actions = true, at }: CallDetailViewProps) {
  const q = useCallQuery(contract.asr.getAsrText, maskId ? { maskId } : { recordId }, {
    enabled: !!recordId || !!maskId,
    // a share ticket the server refuses is the page's to tell (链接无效), not a sign-in expiry
    ...(maskId ? { silent: true, skipAuthRedirect: true } : {}),
    // while it is transcribed or analysed, the detail refreshes itself
    refetchInterval: (d) => (d && isPending(d) ? 2000 : false),
  });
  const [now, setNow] = useState(0);
  const [seek, setSeek] = useState<number | null>(at ? at.startMs : null);
  const listRef = useRef<HTMLDivElement>(null);
  // the sentence an AI result's evidence pointed at: highlighted in the transcript until another is opened
  const [opened, setOpened] = useState<Evidence | null>(
    at ? { ...at, endMs: at.startMs, speaker: 'customer', text: '' } : null,
  );
  // The server's reason may name the engine's environment variables: the user gets the plain hint instead.
  const rerun = useCallMutation(contract.asr.rerun, {
    invalidate: [contract.asr.getAsrText],
    onSuccess: (_answer, { what }) => showSuccess(what === 'asr' ? '已重新提交识别' : '已重新提交分析'),
    onFailure: (e) => showError(asrErrorText(e.msg) || '提交失败，请稍后重试'),
  });
  const swap = useCallMutation(contract.asr.swapRole, {
    success: '已互换销售与客户',
    invalidate: [contract.asr.getAsrText],
  });
  const share = useCallMutation(contract.recording.getMaskId, {
    onSuccess: async ({ maskId: ticket }) => {
      const url = `${window.location.origin}/callDetail?maskId=${encodeURIComponent(ticket)}`;
      await navigator.clipboard?.writeText(url).catch(() => {});
      ui.modal.info({
        title: '分享链接（30 天内有效，无需登录即可查看本通话）',
        content: (
          <Typography.Paragraph copyable style={{ wordBreak: 'break-all' }}>
            {url}
          </Typography.Paragraph>
        ),
        width: 560,
      });
    },
  });
  const d = q.data;
  const segments = d?.transcript?.segments ?? [];
  const active = useMemo(() => activeIndex(segments, now), [segments, now]);
  const evidenceAt = useMemo(() => (opened ? evidenceIndex(segments, opened) : -1), [segments, opened]);
  useEffect(() => {
    scrollWithin(listRef.current, active, 'nearest');
  }, [active]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening the same sentence again scrolls to it again
  useEffect(() => {
    if (evidenceAt < 0) return;
    scrollWithin(listRef.current, evidenceAt, 'center');
  }, [evidenceAt, opened]);
  if (q.isLoading) return <Card loading />;
  if (maskId && q.error instanceof ApiError && REFUSED_TICKET.includes(q.error.code))
    return <ShareLinkFailure state="invalid" />;
  if (q.error || !d) return <Alert type="error" title={(q.error as Error)?.message ?? '录音不存在'} />;
  // a share ticket's or a signed, short-lived media link: the session's token never goes into the address
  const src = d.playUrl;
  const rerunWhat = (what: 'asr' | 'metrics') => {
    rerun.mutate({ id: d.id, what });
  };
  // Clicking the same sentence twice must seek again: alternate by one millisecond.
  const seekTo = (ms: number) => setSeek((prev) => (prev === ms ? ms + 1 : ms));
  const openEvidence = (ev: Evidence) => {
    setOpened(ev);
    seekTo(ev.startMs);
  };
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={<span data-testid="call-title">{d.fileName}</span>}
        extra={
          <Space>
            {actions && !maskId && <MarkExampleButton recordingId={d.id} />}
            {actions && (
              <Button
                size="small"
                type="link"
                icon={<LinkOutlined />}
                loading={share.isPending}
                onClick={() => share.mutate({ recordId: d.id })}
              >
                分享
              </Button>
            )}
            <Tag color={ASR_STATUS_COLOR[d.asrStatus]} data-testid="asr-status">
              {d.asrStatusName}
            </Tag>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 3, xxl: 4 }}>
          <Descriptions.Item label="录音来源">{d.sourceName}</Descriptions.Item>
          <Descriptions.Item label="通话类型">{d.callTypeName}</Descriptions.Item>
          <Descriptions.Item label="归属员工">{d.ownerName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="号码">{d.phone ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="通话时间">{d.callTime ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="时长">{d.durationText}</Descriptions.Item>
          <Descriptions.Item label="声道">
            {d.channels >= 2 ? '双声道（左：销售，右：客户）' : '单声道'}
          </Descriptions.Item>
          <Descriptions.Item label="识别引擎">
            {d.engine === 'upload' ? '随录音上传' : (d.engine ?? '-')}
          </Descriptions.Item>
        </Descriptions>
        <AudioPlayer src={src} onTime={setNow} seekMs={seek} />
      </Card>
      <Row gutter={12}>
        {/* the transcript stays in view beside the taller AI panel while the drawer or page scrolls (styles.css) */}
        <Col xs={24} md={14} className="call-detail-transcript">
          <Card
            size="small"
            title="通话文本"
            extra={
              actions && (
                <Space>
                  <Button
                    size="small"
                    icon={<SwapOutlined />}
                    disabled={!d.transcript}
                    loading={swap.isPending}
                    onClick={() => swap.mutate({ id: d.id })}
                  >
                    互换角色
                  </Button>
                  {/* a transcript there would be replaced: ask first */}
                  <Popconfirm
                    title="重新识别将覆盖当前的通话文本，确定吗？"
                    okText="重新识别"
                    cancelText="取消"
                    disabled={!d.transcript}
                    onConfirm={() => rerunWhat('asr')}
                  >
                    <Button
                      size="small"
                      icon={<ReloadOutlined />}
                      onClick={d.transcript ? undefined : () => rerunWhat('asr')}
                      disabled={d.asrStatus === 5}
                      loading={rerun.isPending}
                      data-testid="rerun-asr"
                    >
                      重新识别
                    </Button>
                  </Popconfirm>
                </Space>
              )
            }
          >
            {d.asrStatus === 4 && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 8 }}
                title={`识别失败：${asrErrorText(d.asrError)}`}
                data-testid="asr-error"
              />
            )}
            {d.asrStatus === 5 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 8 }}
                title={`${d.asrStatusName}：${NO_ENGINE_HINT}；下方音频指标不受影响`}
              />
            )}
            {(d.asrStatus === 1 || d.asrStatus === 2) && (
              <Alert type="info" showIcon style={{ marginBottom: 8 }} title={`${d.asrStatusName}，请稍候…`} />
            )}
            {segments.length ? (
              <div
                ref={listRef}
                style={{ maxHeight: 'max(320px, calc(100vh - 180px))', overflowY: 'auto' }}
                data-testid="transcript"
              >
                {segments.map((s, i) => (
                  // biome-ignore lint/a11y/useSemanticElements: a transcript line laid out as a chat bubble; clicking it seeks
                  <div
                    key={`${s.speaker}-${s.startMs}-${s.endMs}`}
                    data-seg={i}
                    data-active={i === active ? 'true' : undefined}
                    data-evidence={i === evidenceAt ? 'true' : undefined}
                    onClick={() => seekTo(s.startMs)}
                    onKeyDown={(e) => e.key === 'Enter' && seekTo(s.startMs)}
                    role="button"
                    tabIndex={0}
                    style={{
                      display: 'flex',
                      flexDirection: s.speaker === 'agent' ? 'row' : 'row-reverse',
                      gap: 8,
                      padding: '6px 8px',
                      cursor: 'pointer',
                      borderRadius: 6,
                      background: i === evidenceAt ? '#fff1b8' : i === active ? '#e6f4ff' : undefined,
                      outline: i === evidenceAt ? '1px solid #ffd666' : undefined,
                    }}
                  >
                    <Tag color={s.speaker === 'agent' ? 'blue' : 'green'} style={{ height: 22 }}>
                      {SpeakerLabel[s.speaker]}
                    </Tag>
                    <div style={{ maxWidth: '80%', textAlign: s.speaker === 'agent' ? 'left' : 'right' }}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {mmss(s.startMs)}
                      </Typography.Text>
                      <div style={{ fontWeight: i === active ? 600 : 400 }}>
                        {i === evidenceAt ? <Marked text={s.text} match={opened?.match} /> : s.text}
                      </div>
                    </div>
                  </div>
                ))}
              </div>
            ) : (
              <Empty description="暂无数据" />
            )}
          </Card>
        </Col>
        <Col xs={24} md={10}>
          <AiPanel recordId={maskId ? undefined : d.id} maskId={maskId} onEvidence={openEvidence} opened={opened} />
          <div style={{ height: 12 }} />
          <MetricsCard
            metrics={d.metrics}
            status={d.metricsStatus}
            statusName={d.metricsStatusName}
            error={d.metricsError}
            onRerun={actions ? () => rerunWhat('metrics') : undefined}
            rerunning={rerun.isPending}
          />
        </Col>
      </Row>
    </Space>
  );
}

function MetricsCard({
  metrics: m,
  status,
  statusName,
  error,
  onRerun,
  rerunning,
}: {
  metrics: CallDetail['metrics'];
  status: number;
  statusName: string;
  error: string | null;
  onRerun?: () => void;
  rerunning?: boolean;
}) {
  return (
    <Card
      size="small"
      title="音频指标（音频）"
      extra={
        onRerun &&
        status >= 3 && (
          <Button size="small" type="link" loading={rerunning} onClick={onRerun}>
            重新分析
          </Button>
        )
      }
      data-testid="metrics"
    >
      {!m ? (
        status === 4 ? (
          <Alert type="error" title={`分析失败：${error ?? ''}`} />
        ) : (
          <Empty description={status <= 2 ? `${statusName}…` : '暂无数据'} />
        )
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            data-testid="metrics-source"
            title="按录音的声音计算（语音检测）：算入语气词、重叠说话与停顿。AI 分析的文本指标按转写文本的句子时间计算，两者数值会有出入。"
          />
          {m.perChannel ? (
            <>
              <div>
                <Typography.Text>销售说话占比</Typography.Text>
                <Progress
                  percent={Math.round((m.talkRatio ?? 0) * 100)}
                  strokeColor="#1677ff"
                  railColor="#52c41a"
                  format={(p) => `${p}%`}
                />
              </div>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="销售说话">{secs(m.agentTalkMs)}</Descriptions.Item>
                <Descriptions.Item label="客户说话">{secs(m.customerTalkMs)}</Descriptions.Item>
              </Descriptions>
            </>
          ) : (
            <Alert type="info" title="单声道录音，无法区分双方说话时长" />
          )}
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="静默总时长">{secs(m.silenceMs)}</Descriptions.Item>
            <Descriptions.Item label="长静默（≥3秒）">{m.silences.length} 次</Descriptions.Item>
            <Descriptions.Item label="最长连续发言">
              {secs(m.longestMonologueMs)}
              {m.longestMonologueSpeaker ? `（${SpeakerLabel[m.longestMonologueSpeaker]}）` : ''}
            </Descriptions.Item>
            {m.perChannel && (
              <Descriptions.Item label="抢话次数">
                {m.overlapCount}（销售 {m.overlaps.filter((o) => o.by === 'agent').length}，客户{' '}
                {m.overlaps.filter((o) => o.by === 'customer').length}）
              </Descriptions.Item>
            )}
          </Descriptions>
        </Space>
      )}
    </Card>
  );
}
