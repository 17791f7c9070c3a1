import { type CallAnswer, contract } from '@crm/core/contract';
import {
  type AssistantEvent,
  SPEECH_TYPES,
  type SpeechType,
  SpeechTypeHint,
  SpeechTypeName,
} from '@crm/core/contract/assistant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Segmented, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { keyOf, useCallQuery } from '../../api/hooks';
import { streamCall } from '../../api/ndjson';
import { navigateTo } from '../../app/navigation';
import { ui } from '../../app/ui';
import { SearchSelect } from '../../components/SearchSelect';
import { CallMoment } from './CallMoment';
import { MicButton } from './MicButton';
import { SuggestionList } from './SuggestionList';

type Answer = CallAnswer<typeof contract.assistant.chat>;

const PLACEHOLDER: Record<SpeechType, string> = {
  4: '粘贴或说出客户说的话，例如：价格有点贵，我再考虑一下',
  1: '粘贴或说出客户说的话，例如：你们和别家有什么区别？',
  3: '输入你想说的话，例如：嗯那个，这个课程效果你放心',
  2: '可选：补充客户情况，例如：三年级孩子，想学编程',
};

/** /main/speechAssistant/index 话术助手: what the customer said (typed, spoken or picked from a call) → suggestions. */
export default function AssistantPage() {
  const [type, setType] = useState<SpeechType>(4);
  const [text, setText] = useState('');
  const [clueId, setClueId] = useState<number>();
  const [moment, setMoment] = useState<{ recordingId: number; segmentIndex: number; text: string } | null>(null);
  const [keyword, setKeyword] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const leads = useCallQuery(contract.clue.list, { pageNum: 1, pageSize: 20, keyword: keyword || undefined });
  const usage = useCallQuery(contract.assistant.usage, undefined);
  const quota = useCallQuery(contract.assistant.quota, undefined);
  // the model's text while it is written, then the answer; a fallback to the built-in is said as it happens
  const [written, setWritten] = useState<{ text: string; fallback: string | null } | null>(null);
  const qc = useQueryClient();
  const ask = useMutation({
    mutationFn: async (input: Record<string, unknown>) => {
      setAnswer(null);
      setWritten({ text: '', fallback: null });
      let done: Answer | null = null;
      await streamCall<AssistantEvent>(
        contract.assistant.chatStream,
        input,
        (e) => {
          if (e.type === 'delta')
            setWritten((w) => ({ text: (w?.text ?? '') + e.text, fallback: w?.fallback ?? null }));
          else if (e.type === 'fallback') setWritten((w) => ({ text: w?.text ?? '', fallback: e.reason }));
          else if (e.type === 'done') done = e.answer;
          else if (e.type === 'error') throw new ApiError(0, e.msg);
        },
        '生成失败，请稍后重试',
      );
      return done as Answer | null;
    },
    onSuccess: async (a) => {
      setWritten(null);
      if (a) setAnswer(a);
      for (const c of [contract.assistant.history, contract.assistant.usage, contract.assistant.quota])
        await qc.invalidateQueries({ queryKey: keyOf(c) });
    },
    onError: (e) => {
      setWritten(null);
      ui.message.error(e instanceof ApiError ? e.msg : '生成失败，请稍后重试');
    },
  });
  const submit = () =>
    !ask.isPending &&
    ask.mutate({
      type,
      text: text.trim() || undefined,
      clueId,
      recordingId: moment?.recordingId,
      segmentIndex: moment?.segmentIndex,
    });
  return (
    <div className="page-card">
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card
            title="话术助手"
            size="small"
            extra={
              <Typography.Link onClick={() => navigateTo('/main/speechAssistant/record')}>话术记录</Typography.Link>
            }
          >
            <Form layout="vertical">
              <Form.Item label="我需要">
                <Segmented<SpeechType>
                  data-testid="speech-type"
                  value={type}
                  onChange={setType}
                  options={SPEECH_TYPES.map((v) => ({ value: v, label: SpeechTypeName[v] }))}
                />
                <div>
                  <Typography.Text type="secondary">{SpeechTypeHint[type]}</Typography.Text>
                </div>
              </Form.Item>
              <Form.Item label="客户（可选）">
                <SearchSelect
                  remote
                  data-testid="assistant-lead"
                  placeholder="输入姓名、公司或手机号搜索"
                  onSearch={setKeyword}
                  loading={leads.isFetching}
                  value={clueId}
                  onChange={(v: number | undefined) => setClueId(v)}
                  options={(leads.data?.lists ?? []).map((c) => ({
                    value: c.id,
                    label: [c.name, c.company].filter(Boolean).join(' · ') || `#${c.id}`,
                  }))}
                />
              </Form.Item>
              {type !== 2 && <CallMoment clueId={clueId} value={moment} onChange={setMoment} />}
              <Form.Item label={type === 3 ? '我想说' : type === 2 ? '客户情况' : '客户说'}>
                <Input.TextArea
                  data-testid="assistant-text"
                  rows={4}
                  maxLength={500}
                  showCount
                  value={text}
                  placeholder={moment ? `已选通话中的一句：${moment.text}` : PLACEHOLDER[type]}
                  onChange={(e) => setText(e.target.value)}
                />
              </Form.Item>
              <Space>
                <Button type="primary" loading={ask.isPending} onClick={submit} data-testid="assistant-ask">
                  生成建议
                </Button>
                <MicButton onText={(t) => setText((old) => (old ? `${old}${t}` : t))} />
                <Typography.Text type="secondary" data-testid="assistant-usage">
                  本月已使用 {usage.data?.myUses ?? 0} 次
                  {quota.data?.balance != null ? `，剩余 ${quota.data.balance} 次` : ''}
                </Typography.Text>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="建议" size="small" data-testid="assistant-answer">
            {written ? (
              <Space direction="vertical" style={{ width: '100%' }} data-testid="assistant-writing">
                {written.fallback && <Alert type="warning" showIcon message={written.fallback} />}
                <Spin spinning size="small">
                  <Typography.Paragraph
                    style={{ whiteSpace: 'pre-wrap', minHeight: 48 }}
                    data-testid="assistant-stream"
                  >
                    {written.text || (written.fallback ? '内置助手正在检索…' : '正在生成…')}
                  </Typography.Paragraph>
                </Spin>
              </Space>
            ) : answer ? (
              <AnswerView answer={answer} />
            ) : (
              <Typography.Text type="secondary">暂无数据</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function AnswerView({ answer }: { answer: Answer }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        {answer.typeName}：{answer.query || '（按客户信息）'}
      </Typography.Text>
      {answer.fallbackReason && (
        <Alert
          type="warning"
          showIcon
          data-testid="assistant-fallback"
          message={`大模型未能生成，已改用内置助手：${answer.fallbackReason}`}
        />
      )}
      <Alert
        type={answer.engine === 'llm' ? 'success' : 'info'}
        data-testid="assistant-engine"
        message={answer.engine === 'llm' ? `由大模型 ${answer.modelName ?? ''} 生成` : '内置助手（未使用大模型）'}
        description={answer.note}
      />
      <SuggestionList key={answer.id} items={answer.suggestions} />
    </Space>
  );
}
