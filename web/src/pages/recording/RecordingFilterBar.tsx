import { SearchOutlined } from '@ant-design/icons';
import { AnalysisStatusLabel, AsrStatusLabel, CallType, DURATION_LEVELS, options, RecordingSource } from '@crm/core';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { DateRangePicker } from '../../components/DateRangePicker';
import { SearchSelect } from '../../components/SearchSelect';

/** The filters of the recording list, as contract.recording.list takes them. */
export interface RecordingFilters extends Record<string, unknown> {
  source?: number[];
  callType?: number[];
  ownerUserIds?: number[];
  clueId?: number;
  phone?: string;
  fileName?: string;
  /** 'YYYY-MM-DD 至 YYYY-MM-DD' */
  dateRange?: string;
  durationLevel?: number;
  asrStatus?: number[];
  analysisStatus?: number[];
}

export interface RecordingFilterBarProps {
  value: RecordingFilters;
  onChange: (v: RecordingFilters) => void;
  onSearch: () => void;
  onReset: () => void;
  userOptions: { value: number; label: string }[];
}

/** The filter form of /recordingFileManage: what is typed here applies on 查询. */
export function RecordingFilterBar({ value, onChange, onSearch, onReset, userOptions }: RecordingFilterBarProps) {
  const set = (patch: RecordingFilters) => onChange({ ...value, ...patch });
  const text = (label: string, key: 'fileName' | 'phone', width: number) => (
    <Form.Item label={label}>
      <Input
        allowClear
        style={{ width }}
        value={value[key]}
        onChange={(e) => set({ [key]: e.target.value || undefined })}
      />
    </Form.Item>
  );
  const multi = (
    label: string,
    key: 'source' | 'callType' | 'asrStatus' | 'analysisStatus',
    width: number,
    opts: { value: number; label: string }[],
  ) => (
    <Form.Item label={label}>
      <Select
        mode="multiple"
        allowClear
        style={{ width }}
        maxTagCount={1}
        value={value[key]}
        onChange={(v) => set({ [key]: v })}
        options={opts}
      />
    </Form.Item>
  );
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      {text('文件名', 'fileName', 150)}
      {text('号码', 'phone', 130)}
      {multi('录音来源', 'source', 160, options(RecordingSource))}
      {multi('通话类型', 'callType', 140, options(CallType))}
      <Form.Item label="归属员工">
        <SearchSelect
          mode="multiple"
          allowClear
          style={{ width: 160 }}
          maxTagCount={1}
          value={value.ownerUserIds}
          onChange={(v) => set({ ownerUserIds: v })}
          options={userOptions}
        />
      </Form.Item>
      <Form.Item label="通话时间">
        <DateRangePicker value={value.dateRange ?? null} onChange={(v) => set({ dateRange: v ?? undefined })} />
      </Form.Item>
      <Form.Item label="时长">
        <Select
          allowClear
          style={{ width: 120 }}
          value={value.durationLevel}
          onChange={(v) => set({ durationLevel: v })}
          options={DURATION_LEVELS.map((l) => ({ value: l.value, label: l.label }))}
        />
      </Form.Item>
      {multi('转写状态', 'asrStatus', 150, options(AsrStatusLabel))}
      {multi('分析状态', 'analysisStatus', 130, options(AnalysisStatusLabel))}
      <Form.Item label="线索ID">
        <InputNumber
          min={1}
          style={{ width: 100 }}
          value={value.clueId}
          onChange={(v) => set({ clueId: v ?? undefined })}
        />
      </Form.Item>
      <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
        查询
      </Button>
      <Button onClick={onReset}>重置</Button>
    </Form>
  );
}
