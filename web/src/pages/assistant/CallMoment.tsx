import { contract } from '@crm/core/contract';
import { Form, List, Typography } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { SearchSelect } from '../../components/SearchSelect';

export interface Moment {
  recordingId: number;
  segmentIndex: number;
  text: string;
}

/**
 * A moment of a call: one of the seat's recent calls (of the chosen customer when one is chosen) and one sentence of
 * its transcript; the assistant answers that sentence with the call so far as context.
 */
export function CallMoment({
  clueId,
  value,
  onChange,
}: {
  clueId: number | undefined;
  value: Moment | null;
  onChange: (m: Moment | null) => void;
}) {
  const [recordingId, setRecordingId] = useState<number>();
  const calls = useCallQuery(contract.recording.list, { pageNum: 1, pageSize: 20, clueId });
  const detail = useCallQuery(contract.asr.get, { id: recordingId ?? 0 }, { enabled: !!recordingId });
  const segments = detail.data?.transcript?.segments ?? [];
  return (
    <>
      <Form.Item label="通话中的一句（可选）">
        <SearchSelect
          data-testid="assistant-call"
          placeholder="选择通话录音"
          value={recordingId}
          loading={calls.isFetching}
          onChange={(v: number | undefined) => {
            setRecordingId(v);
            onChange(null);
          }}
          options={(calls.data?.lists ?? []).map((r) => ({
            value: r.recordId,
            label: `${r.callTime ?? ''} ${r.clueName ?? r.fileName}`.trim(),
          }))}
        />
      </Form.Item>
      {recordingId && (
        <List
          size="small"
          bordered
          loading={detail.isFetching}
          style={{ maxHeight: 220, overflow: 'auto', marginBottom: 16 }}
          locale={{ emptyText: '暂无数据' }}
          dataSource={segments.map((s, i) => ({ ...s, i }))}
          renderItem={(s) => (
            <List.Item
              data-testid="assistant-segment"
              style={{ cursor: 'pointer', background: value?.segmentIndex === s.i ? '#e6f4ff' : undefined }}
              onClick={() => onChange({ recordingId, segmentIndex: s.i, text: s.text })}
            >
              <Typography.Text type={s.speaker === 'customer' ? undefined : 'secondary'}>
                {s.speaker === 'customer' ? '客户' : '销售'}：{s.text}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
