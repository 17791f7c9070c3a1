import { contract } from '@crm/core/contract';
import { Alert, Button, Card, Col, Input, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { GuidanceCards, SopSteps, Transcript } from '../../features/guidance/GuidancePanel';
import { useGuidance } from '../../features/guidance/useGuidance';

type Source = 'display' | 'device';

/** The customer's side of an online meeting: the shared tab's or window's audio, or an input device (a virtual cable). */
async function customerAudio(source: Source): Promise<MediaStream> {
  if (source === 'device') return navigator.mediaDevices.getUserMedia({ audio: true });
  const shared = await navigator.mediaDevices.getDisplayMedia({ audio: true, video: true });
  const tracks = shared.getAudioTracks();
  if (!tracks.length) {
    for (const t of shared.getTracks()) t.stop();
    throw new Error('共享的内容没有声音：请共享会议所在的浏览器标签页并勾选“分享标签页音频”');
  }
  return new MediaStream(tracks);
}

/** /aiTimeTeacher (AI 实时指导): guidance on an online meeting whose audio the browser shares. */
export default function TimeTeacherPage() {
  const status = useCallQuery(contract.aiGuidance.status, undefined);
  const g = useGuidance();
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<Source>('display');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const s = status.data;

  const begin = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const agent = await navigator.mediaDevices.getUserMedia({ audio: true });
      const customer = await customerAudio(source);
      await g.begin({ guideType: 2, title: title.trim() || undefined }, { agent, customer });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {s && !s.engine && <Alert type="warning" showIcon title="实时语音识别未配置" description={s.notice} />}
      {s?.exhausted && <Alert type="error" showIcon title={s.exhausted} style={{ marginTop: 8 }} />}
      {(problem || g.error) && (
        <Alert
          type="error"
          showIcon
          title={problem ?? g.error}
          style={{ marginTop: 8 }}
          closable
          onClose={() => setProblem(null)}
        />
      )}
      <Card style={{ marginTop: 12 }} loading={status.isLoading}>
        <Space wrap>
          <Input
            placeholder="会议主题（选填）"
            maxLength={50}
            style={{ width: 220 }}
            value={title}
            disabled={!!g.sessionId}
            onChange={(e) => setTitle(e.target.value)}
          />
          <Select<Source>
            style={{ width: 220 }}
            value={source}
            disabled={!!g.sessionId}
            onChange={setSource}
            options={[
              { value: 'display', label: '客户声音：共享会议标签页音频' },
              { value: 'device', label: '客户声音：音频输入设备' },
            ]}
          />
          {g.sessionId ? (
            <Button danger loading={g.ending} onClick={g.finish}>
              结束指导
            </Button>
          ) : (
            <Button type="primary" loading={busy} disabled={!s?.engine || !!s?.exhausted} onClick={begin}>
              开始指导
            </Button>
          )}
          {s?.balance !== null && s?.balance !== undefined && (
            <Typography.Text type="secondary">剩余指导时长 {s.balance} 分钟</Typography.Text>
          )}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          麦克风是坐席的声音，会议音频是客户的声音；客户提出异议或问题时给出知识库答案和优秀通话回复，坐席说出违规词或风险承诺时预警。
        </Typography.Paragraph>
      </Card>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col span={12}>
          <Card title="实时转写" size="small">
            <Transcript lines={g.lines} />
          </Card>
          <Card title="SOP 进度" size="small" style={{ marginTop: 12 }}>
            <SopSteps sop={g.sop} />
          </Card>
        </Col>
        <Col span={12}>
          <Card title="指导建议" size="small">
            <GuidanceCards cards={g.cards} onMark={g.mark} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
