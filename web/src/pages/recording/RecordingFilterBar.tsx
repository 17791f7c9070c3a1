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
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item label="文件名">
        <Input
          allowClear
          style={{ width: 150 }}
          value={value.fileName}
          onChange={(e) => set({ fileName: e.target.value || undefined })}
        />
      </Form.Item>
      <Form.Item label="号码">
        <Input
          allowClear
          style={{ width: 130 }}
          value={value.phone}
          onChange={(e) => set({ phone: e.target.value || undefined })}
        />
      </Form.Item>
      <Form.Item label="录音来源">
        <Select
          mode="multiple"
          allowClear
          style={{ width: 160 }}
          maxTagCount={1}
          value={value.source}
          onChange={(v) => set({ source: v })}
          options={options(RecordingSource)}
        />
      </Form.Item>
      <Form.Item label="通话类型">
        <Select
          mode="multiple"
          allowClear
          style={{ width: 140 }}
          maxTagCount={1}
          value={value.callType}
          onChange={(v) => set({ callType: v })}
          options={options(CallType)}
        />
      </Form.Item>
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
      <Form.Item label="转写状态">
        <Select
          mode="multiple"
          allowClear
          style={{ width: 150 }}
          maxTagCount={1}
          value={value.asrStatus}
          onChange={(v) => set({ asrStatus: v })}
          options={options(AsrStatusLabel)}
        />
      </Form.Item>
      <Form.Item label="分析状态">
        <Select
          mode="multiple"
          allowClear
          style={{ width: 130 }}
          maxTagCount={1}
          value={value.analysisStatus}
          onChange={(v) => set({ analysisStatus: v })}
          options={options(AnalysisStatusLabel)}
        />
      </Form.Item>
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
