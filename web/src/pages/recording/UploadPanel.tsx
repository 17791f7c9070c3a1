import { InboxOutlined } from '@ant-design/icons';
import { CallType, type LabelMap, options, RecordingSource } from '@crm/core';
import { Button, Form, List, Progress, Radio, Select, Space, Tag, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { type UploadFields, type UploadProgress, uploadRecording } from './uploader';

interface Item {
  uid: string;
  file: File;
  progress: UploadProgress | null;
}

const PHASE: Record<UploadProgress['phase'], string> = {
  hashing: '计算文件指纹',
  checking: '校验是否已上传',
  uploading: '上传中',
  done: '上传成功',
  duplicate: '已存在，已跳过',
  failed: '上传失败',
  paused: '已暂停',
};

const ACCEPT = '.mp3,.wav,.pcm,.m4a,.amr,.wma,.aac,.ogg,.opus,.flac,.mov,.mp4,.webm,.json,.txt';

/** A .json or .txt file is the transcript of the recording of the same name (call1.mp3 + call1.json). */
const isTranscript = (name: string) => /\.(json|txt)$/i.test(name);
const baseName = (name: string) => name.replace(/\.[^.]+$/, '').toLowerCase();

const SOURCE_KEY = 'crm.upload.source';
/** The source this browser's user chose last (a value of RecordingSource), or undefined: the user chooses. */
function rememberedSource(): number | undefined {
  const v = Number(localStorage.getItem(SOURCE_KEY));
  return v in RecordingSource ? v : undefined;
}

/** Choose recordings, then upload them one by one: hash, md5 check (skip duplicates), progress, resume. */
export function UploadPanel({ onDone }: { onDone?: (recordIds: number[]) => void }) {
  const [items, setItems] = useState<Item[]>([]);
  const [transcripts, setTranscripts] = useState<Record<string, File>>({});
  const [running, setRunning] = useState(false);
  // the source is the user's choice (remembered in this browser for the next upload), never a silent default
  const [fields, setFields] = useState<UploadFields>({ source: rememberedSource(), callType: 1 });
  const abort = useRef<AbortController | null>(null);
  const set = (uid: string, progress: UploadProgress) =>
    setItems((list) => list.map((i) => (i.uid === uid ? { ...i, progress } : i)));
  const paused = items.some((i) => i.progress?.phase === 'paused');
  const start = async () => {
    setRunning(true);
    abort.current = new AbortController();
    const { signal } = abort.current;
    const ids: number[] = [];
    for (const item of items) {
      if (item.progress && ['done', 'duplicate'].includes(item.progress.phase)) continue;
      try {
        const text = transcripts[baseName(item.file.name)];
        const withText = text ? { ...fields, transcript: await text.text() } : fields;
        const res = await uploadRecording(item.file, withText, (p) => set(item.uid, p), signal);
        set(item.uid, res);
        if (res.recordId) ids.push(res.recordId);
      } catch (e) {
        if ((e as Error)?.name === 'AbortError') {
          // 暂停: this file keeps its progress and the rest wait; 继续上传 resumes (large files from the server's offset)
          setItems((list) =>
            list.map((i) =>
              i.uid === item.uid ? { ...i, progress: { phase: 'paused', percent: i.progress?.percent ?? 0 } } : i,
            ),
          );
          break;
        }
        set(item.uid, { phase: 'failed', percent: 0, message: (e as Error).message });
      }
    }
    setRunning(false);
    onDone?.(ids);
  };
  /** What the uploaded recordings are recorded as. */
  const field = (label: string, key: 'callType', width: number, names: LabelMap) => (
    <Form.Item label={label}>
      <Select
        style={{ width }}
        value={fields[key]}
        onChange={(v) => setFields({ ...fields, [key]: v })}
        options={options(names)}
      />
    </Form.Item>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form layout="inline">
        <Form.Item
          label="录音来源"
          required
          validateStatus={fields.source ? undefined : 'warning'}
          help={fields.source ? undefined : '请选择录音来源'}
        >
          <Radio.Group
            optionType="button"
            size="small"
            data-testid="upload-source"
            style={{ display: 'inline-flex', flexWrap: 'wrap', rowGap: 4 }}
            value={fields.source}
            onChange={(e) => {
              localStorage.setItem(SOURCE_KEY, String(e.target.value));
              setFields({ ...fields, source: e.target.value });
            }}
            options={options(RecordingSource)}
          />
        </Form.Item>
        {field('通话类型', 'callType', 110, CallType)}
      </Form>
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          if (isTranscript(file.name))
            setTranscripts((t) => ({ ...t, [baseName(file.name)]: file as unknown as File }));
          else setItems((list) => [...list, { uid: file.uid, file: file as unknown as File, progress: null }]);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽录音文件到此处（可多选）</p>
        <p className="ant-upload-hint">
          支持 mp3、wav、pcm、m4a、amr、wma、aac、mov
          等；已上传过的文件会自动跳过，大文件断点续传。文件名中的手机号会自动关联线索。已有转写文本时，把同名的 .json
          或 .txt（每行以“销售：”或“客户：”开头）一起拖入，上传后直接分析、不再识别。
        </p>
      </Upload.Dragger>
      {items.length > 0 && (
        <List
          size="small"
          dataSource={items}
          data-testid="upload-list"
          renderItem={(i) => (
            <List.Item>
              <div style={{ width: '100%' }}>
                <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                  <Space size={4}>
                    <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                      {i.file.name}
                    </Typography.Text>
                    {transcripts[baseName(i.file.name)] && (
                      <Tag color="blue" data-testid="with-transcript">
                        附带转写文本
                      </Tag>
                    )}
                  </Space>
                  {i.progress && (
                    <Tag
                      color={
                        i.progress.phase === 'failed'
                          ? 'error'
                          : i.progress.phase === 'duplicate'
                            ? 'warning'
                            : i.progress.phase === 'done'
                              ? 'success'
                              : i.progress.phase === 'paused'
                                ? 'default'
                                : 'processing'
                      }
                      data-testid="upload-phase"
                    >
                      {PHASE[i.progress.phase]}
                    </Tag>
                  )}
                </Space>
                {i.progress && !['done', 'duplicate'].includes(i.progress.phase) && (
                  <Progress
                    size="small"
                    percent={i.progress.percent}
                    status={
                      i.progress.phase === 'failed' ? 'exception' : i.progress.phase === 'paused' ? 'normal' : 'active'
                    }
                  />
                )}
                {i.progress?.message && i.progress.phase === 'failed' && (
                  <Typography.Text type="danger">{i.progress.message}</Typography.Text>
                )}
                {i.progress?.message && i.progress.phase === 'done' && (
                  <Typography.Text type="success" data-testid="upload-note">
                    {i.progress.message}
                  </Typography.Text>
                )}
              </div>
            </List.Item>
          )}
        />
      )}
      <Space>
        <Button
          type="primary"
          disabled={!items.length || !fields.source}
          title={fields.source ? undefined : '请先选择录音来源'}
          loading={running}
          onClick={start}
          data-testid="start-upload"
        >
          {paused ? '继续上传' : '开始上传'}
        </Button>
        <Button
          disabled={running || !items.length}
          onClick={() => {
            setItems([]);
            setTranscripts({});
          }}
        >
          清空列表
        </Button>
        {running && (
          <Button onClick={() => abort.current?.abort()} data-testid="pause-upload">
            暂停
          </Button>
        )}
      </Space>
    </Space>
  );
}
