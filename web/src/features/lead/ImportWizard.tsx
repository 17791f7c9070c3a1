import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type CallAnswer, contract } from '@crm/core/contract';
import { MatchKindName } from '@crm/core/contract/clueImport';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Progress,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Statistic,
  Steps,
  Table,
  Tag,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useCallDownload, useCallMutation, useCallQuery } from '../../api/hooks';
import { showError } from '../../app/ui';
import { SearchSelect } from '../../components/SearchSelect';
import { useRecordProgress } from '../export/BackgroundExport';
import { toOptions, useClueUsers, userOptions } from './data';
import { tagGroupOptions, useDictItems, useTagGroupList } from './settings';

const c = contract.clueImport;
type UploadAnswer = CallAnswer<typeof c.upload>;

/** Step 1: the template and the upload, with upload progress. */
function UploadStep({ onUploaded }: { onUploaded: (a: UploadAnswer) => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const template = useCallDownload(c.downloadTemplate);
  // multipart, so not a JSON call: the upload is the client's, the mutation's state the rest (a failure is shown)
  const upload = useMutation({
    mutationFn: (form: FormData) =>
      api[c.upload.base].upload<UploadAnswer>(c.upload.path, form, { onProgress: setPercent }),
    onSuccess: onUploaded,
    onSettled: () => setPercent(null),
    onError: () => {},
  });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="请按模板填写后上传，支持 .xlsx 和 .csv 文件（UTF-8 或 GBK 编码）；手机号必填，重复的数据按查重规则跳过。"
        action={
          <Button
            icon={<DownloadOutlined />}
            onClick={() => template.mutate(undefined)}
            data-testid="download-template"
          >
            下载模板
          </Button>
        }
      />
      <div data-testid="import-upload">
        <Upload.Dragger
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!/\.(xlsx|csv)$/i.test(file.name)) {
              showError('只支持 .xlsx 或 .csv 文件');
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file }) => {
            const form = new FormData();
            form.append('file', file as File);
            setPercent(0);
            upload.mutate(form);
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
          <p className="ant-upload-hint">.xlsx / .csv</p>
        </Upload.Dragger>
      </div>
      {percent !== null && <Progress percent={percent} />}
    </Space>
  );
}

/** Step 2: map each column to a field (suggested by the closest header match) and choose the import options. */
function MapStep({
  upload,
  sea,
  onStarted,
  onBack,
}: {
  upload: UploadAnswer;
  /** Into a public pool (/highSeasImport, import way 14) instead of to owners. */
  sea?: boolean;
  onStarted: (recordId: number) => void;
  onBack: () => void;
}) {
  const [mapping, setMapping] = useState<Record<string, string>>(upload.mapping);
  const [form] = Form.useForm();
  const users = useClueUsers();
  const channels = useDictItems('channelSource');
  const tags = useTagGroupList();
  const used = new Set(Object.values(mapping));
  const missing = upload.fields.filter((f) => f.isRequired && !used.has(f.fieldName));
  const begin = useCallMutation(c.start, { invalidate: [c.records], onSuccess: (r) => onStarted(r.recordId) });
  const assignMode = Form.useWatch('assignMode', form);
  const channelSourceId = Form.useWatch('channelSourceId', form);
  const start = () => {
    const opts = form.getFieldsValue();
    const clean = Object.fromEntries(Object.entries(mapping).filter(([, v]) => v));
    begin.mutate({
      recordId: upload.recordId,
      mapping: clean,
      ownerId: sea ? null : (opts.ownerId ?? null),
      channelSourceId: opts.channelSourceId ?? null,
      clueType: opts.clueType,
      tagIds: opts.tagIds ?? [],
      importWay: sea ? 14 : 1,
      ...(sea ? { toSea: true, poolId: opts.poolId ?? null } : { autoAssign: opts.assignMode === 'rule' }),
    });
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="i"
        pagination={false}
        data-testid="import-mapping"
        dataSource={upload.headers.map((h, i) => ({ i: String(i), h }))}
        columns={[
          { title: '文件列', dataIndex: 'h', width: 240, render: (h) => h || <Tag>空表头</Tag> },
          {
            title: '对应字段',
            key: 'field',
            render: (_, r) => (
              <Select
                allowClear
                style={{ width: 260 }}
                placeholder="不导入"
                value={mapping[r.i]}
                onChange={(v) => setMapping({ ...mapping, [r.i]: v })}
                options={upload.fields.map((f) => ({
                  value: f.fieldName,
                  label: `${f.isRequired ? '*' : ''}${f.fieldLabel}`,
                  disabled: used.has(f.fieldName) && mapping[r.i] !== f.fieldName,
                }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            ),
          },
          {
            title: '',
            key: 'hint',
            render: (_, r) => {
              if (!upload.mapping[r.i] || upload.mapping[r.i] !== mapping[r.i]) return null;
              const kind = upload.matchKind?.[r.i] ?? 3;
              return (
                <Tag data-testid="match-kind" color={kind === 3 ? 'orange' : 'green'}>
                  {MatchKindName[kind]}
                </Tag>
              );
            },
          },
        ]}
      />
      {missing.length > 0 && (
        <Alert type="warning" showIcon title={`必填字段未对应：${missing.map((m) => m.fieldLabel).join('、')}`} />
      )}
      <Form form={form} layout="vertical" initialValues={{ clueType: 1, assignMode: 'owner' }}>
        {sea ? <PoolTarget /> : <AssignTarget rule={assignMode === 'rule'} channelSourceId={channelSourceId} />}
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="clueType" label="导入为">
              <Select
                options={[
                  { value: 1, label: '线索' },
                  { value: 2, label: '客户' },
                ]}
              />
            </Form.Item>
          </Col>
          {!sea && (
            <Col span={6}>
              <Form.Item
                name="ownerId"
                label={assignMode === 'rule' ? '跟进人（无规则匹配时）' : '跟进人（表中未填时）'}
                tooltip="不选则为导入人"
              >
                <SearchSelect options={userOptions(users.data)} />
              </Form.Item>
            </Col>
          )}
          <Col span={6}>
            <Form.Item name="channelSourceId" label="渠道来源">
              <SearchSelect options={toOptions(channels.data)} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="tagIds" label="标签">
              <Select mode="multiple" allowClear placeholder="请选择" options={tagGroupOptions(tags.data)} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Space>
        <Button onClick={onBack}>重新上传</Button>
        <Button
          type="primary"
          loading={begin.isPending}
          disabled={missing.length > 0}
          onClick={start}
          data-testid="import-start"
        >
          开始导入
        </Button>
      </Space>
    </Space>
  );
}

/** Step 3: the progress bar, then the counts and the rejected rows. */
function ProgressStep({ recordId, onAgain }: { recordId: number; onAgain: () => void }) {
  const { rec, lost } = useRecordProgress(recordId, 800);
  const invalid = useCallDownload(c.downloadInvalid);
  const navigate = useNavigate();
  const done = rec && rec.status >= 2;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="import-result">
      <Progress
        percent={rec?.status === 2 ? 100 : Math.round(rec?.progress ?? 0)}
        status={rec?.status === 3 ? 'exception' : rec?.status === 2 ? 'success' : lost ? 'normal' : 'active'}
      />
      {lost && !done && (
        <Result
          status="warning"
          title="无法获取导入进度，请检查网络"
          subTitle="导入仍在后台进行，稍后可在导入记录中查看结果。"
          extra={<Button onClick={() => navigate('/main/importList')}>查看导入记录</Button>}
        />
      )}
      {done && rec.status === 3 && <Result status="error" title="导入失败" subTitle={rec.error} />}
      {done && rec.status === 2 && (
        <>
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title="总行数" value={rec.total} />
            </Col>
            <Col span={6}>
              <Statistic title="导入成功" value={rec.imported} styles={{ content: { color: '#52c41a' } }} />
            </Col>
            <Col span={6}>
              <Statistic title="重复" value={rec.duplicate} styles={{ content: { color: '#faad14' } }} />
            </Col>
            <Col span={6}>
              <Statistic title="无效" value={rec.invalid} styles={{ content: { color: '#ff4d4f' } }} />
            </Col>
          </Row>
          <Space>
            {rec.hasInvalidFile === 1 && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => invalid.mutate({ recordId: rec.recordId })}
                data-testid="download-invalid"
              >
                下载失败数据（含原因）
              </Button>
            )}
            <Button onClick={() => navigate('/main/importList')}>查看导入记录</Button>
            <Button type="primary" onClick={onAgain}>
              继续导入
            </Button>
          </Space>
        </>
      )}
    </Space>
  );
}

/** The pool the rows go into (default: the first pool). */
function PoolTarget() {
  const pools = useCallQuery(contract.publicSeaPool.list, undefined);
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="poolId" label="导入到公海" tooltip="不选则导入到排序第一的公海">
          <Select
            allowClear
            placeholder="请选择公海"
            data-testid="import-pool"
            options={(pools.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.leadCount} 条）` }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Who gets the rows: a chosen owner, or the automatic assignment rules (with the rule that will take them). */
function AssignTarget({ rule, channelSourceId }: { rule: boolean; channelSourceId?: number }) {
  const tips = useCallQuery(
    contract.autoAssign.importTips,
    { importWay: 1, ...(channelSourceId ? { channelSourceId } : {}) },
    { enabled: rule, silent: true },
  );
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item name="assignMode" label="分配方式">
          <Radio.Group
            data-testid="import-assign-mode"
            options={[
              { value: 'owner', label: '指定跟进人' },
              { value: 'rule', label: '按自动分配规则' },
            ]}
          />
        </Form.Item>
      </Col>
      {rule && (
        <Col span={16}>
          <Alert
            type={tips.data?.ruleId || tips.data?.maybe.length ? 'info' : 'warning'}
            showIcon
            data-testid="import-tips"
            title={
              tips.isError ? '无权查看自动分配规则，线索将按规则分配' : (tips.data?.tip ?? '正在读取自动分配规则…')
            }
          />
        </Col>
      )}
    </Row>
  );
}

/** The import wizard: template, upload, column mapping, progress and the report; `sea` imports into a pool. */
export function ImportWizard({ sea }: { sea?: boolean }) {
  const [upload, setUpload] = useState<UploadAnswer | null>(null);
  const [recordId, setRecordId] = useState<number | null>(null);
  const step = recordId ? 2 : upload ? 1 : 0;
  const again = () => {
    setUpload(null);
    setRecordId(null);
  };
  return (
    <div style={{ padding: 16 }}>
      <Card title={sea ? '公海导入' : '导入线索'}>
        <Steps
          current={step}
          style={{ marginBottom: 24 }}
          items={[{ title: '上传文件' }, { title: '字段对应' }, { title: '导入结果' }]}
        />
        {step === 0 && <UploadStep onUploaded={setUpload} />}
        {step === 1 && upload && <MapStep upload={upload} sea={sea} onStarted={setRecordId} onBack={again} />}
        {step === 2 && recordId && <ProgressStep recordId={recordId} onAgain={again} />}
      </Card>
    </div>
  );
}
