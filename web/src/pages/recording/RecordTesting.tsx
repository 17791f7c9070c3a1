import { contract } from '@crm/core/contract';
import { Alert, Button, Card, Col, Form, Row, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { CallDetailView } from '../../features/call/CallDetailView';
import { UploadPanel } from './UploadPanel';

/**
 * /recordTesting (录音检测): upload a recording and check at once what the pipeline makes of it — its probe data,
 * the audio metrics and the transcript — and whether a speech engine is configured.
 */
export default function RecordTesting() {
  const [recordId, setRecordId] = useState<number | null>(null);
  const engine = useCallQuery(contract.asr.getConfig, undefined);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', padding: 16 }}>
      {engine.data && (
        <Alert
          type={engine.data.configured ? 'success' : 'warning'}
          showIcon
          title={engine.data.message}
          description={
            <Space wrap>
              {engine.data.detail}
              {engine.data.settingsPath && (
                <Link to={engine.data.settingsPath} data-testid="asr-settings-link">
                  前往 AI 设置
                </Link>
              )}
              {engine.data.hotWords.length > 0 && <span>热词：</span>}
              {engine.data.hotWords.map((w) => (
                <Tag key={w}>{w}</Tag>
              ))}
            </Space>
          }
        />
      )}
      <Row gutter={12}>
        <Col xs={24} lg={8}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Card size="small" title="上传待检测录音">
              <UploadPanel onDone={(ids) => ids.length && setRecordId(ids[ids.length - 1])} />
            </Card>
            <HotWords words={engine.data?.hotWords} />
          </Space>
        </Col>
        <Col xs={24} lg={16}>
          {recordId ? <CallDetailView recordId={recordId} /> : <Card size="small">上传后在此查看转写与音频指标</Card>}
        </Col>
      </Row>
    </Space>
  );
}

/** The organisation's hot words (asrConfig), passed to the engines that take them (openai prompt, FunASR hotwords). */
function HotWords({ words }: { words?: string[] }) {
  const canEdit = useHasSign('asr:edit');
  const [value, setValue] = useState<string[]>([]);
  const save = useCallMutation(contract.asr.saveConfig, {
    success: '热词已保存',
    invalidate: [contract.asr.getConfig],
  });
  useEffect(() => setValue(words ?? []), [words]);
  const tooLong = value.filter((w) => w.trim().length > 20);
  return (
    <Card
      size="small"
      title="识别热词"
      extra={
        canEdit && (
          <Button
            size="small"
            type="primary"
            loading={save.isPending}
            disabled={tooLong.length > 0}
            onClick={() => save.mutate({ hotWords: value })}
          >
            保存
          </Button>
        )
      }
    >
      <Form.Item
        style={{ marginBottom: 0 }}
        validateStatus={tooLong.length ? 'error' : undefined}
        help={tooLong.length ? `热词不能超过 20 个字：${tooLong.join('、')}` : undefined}
      >
        <Select
          mode="tags"
          style={{ width: '100%' }}
          value={value}
          onChange={setValue}
          disabled={!canEdit}
          tokenSeparators={[',', '，', ' ', '\n']}
          placeholder="输入产品名、品牌名等专有词，回车添加（每个不超过 20 字）"
          open={false}
        />
      </Form.Item>
    </Card>
  );
}
