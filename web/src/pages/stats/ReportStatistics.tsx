import { contract } from '@crm/core/contract';
import { type ReportType, ReportTypeName } from '@crm/core/contract/stats';
import { Button, Card, Empty, Form, Modal, Select, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { OverviewPanels } from './OverviewPanels';
import { WorkTable, workColumns } from './WorkTable';

const r = contract.reportStatistics;
const TYPES = [1, 2, 3] as const;

/**
 * /reportStatistics 周报月报: the daily, weekly and monthly reports the job made (the latest first, any earlier one
 * chosen from the list; ?id= opens one from its message), and who receives them.
 */
export default function ReportStatistics() {
  const given = new URLSearchParams(window.location.search);
  const [type, setType] = useState<ReportType>((Number(given.get('type')) as ReportType) || 1);
  const [id, setId] = useState<number | undefined>(Number(given.get('id')) || undefined);
  const [setting, setSetting] = useState(false);
  const canEdit = useHasSign('report:edit');
  const data = useCallQuery(r.get, { type, id });
  const report = data.data?.report;
  const q = report ? { startDate: report.startDate, endDate: report.endDate } : null;
  return (
    <div className="page-card" style={{ margin: 16 }}>
      <Typography.Title level={4}>周报月报</Typography.Title>
      <Tabs
        activeKey={String(type)}
        onChange={(k) => {
          setType(Number(k) as ReportType);
          setId(undefined);
        }}
        items={TYPES.map((t) => ({ key: String(t), label: ReportTypeName[t] }))}
        tabBarExtraContent={
          <Space>
            <Select
              style={{ width: 260 }}
              placeholder="选择报告"
              value={report?.id}
              onChange={setId}
              options={(data.data?.list ?? []).map((x) => ({
                value: x.id,
                label: x.startDate === x.endDate ? x.startDate : `${x.startDate} 至 ${x.endDate}`,
              }))}
              data-testid="report-select"
            />
            {canEdit && <Button onClick={() => setSetting(true)}>发送设置</Button>}
          </Space>
        }
      />
      {report && q ? (
        <>
          <Typography.Paragraph type="secondary">
            {report.typeName}（
            {report.startDate === report.endDate ? report.startDate : `${report.startDate} 至 ${report.endDate}`}
            ），生成于 {report.createdAt}
          </Typography.Paragraph>
          <OverviewPanels q={q} data={report.overview} owners={undefined} />
          <Card size="small" title="员工明细" style={{ marginTop: 12 }}>
            <WorkTable
              rows={report.users}
              sum={report.overview.work}
              columns={workColumns(q, 'user', true)}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
            />
          </Card>
        </>
      ) : (
        <Empty description={data.isLoading ? '加载中…' : '暂无报告'} />
      )}
      {setting && <SettingModal type={type} onClose={() => setSetting(false)} />}
    </div>
  );
}

/** Which reports are sent (every morning at 08:00) and to whom; a report of the period just ended on demand. */
function SettingModal({ type, onClose }: { type: ReportType; onClose: () => void }) {
  const current = useCallQuery(r.getSetting, undefined);
  const users = useCallQuery(contract.stats.getAnalyzeUserInfo, {});
  const save = useCallMutation(r.saveSetting, { success: '已保存', invalidate: [r.getSetting], onSuccess: onClose });
  const generate = useCallMutation(r.generate, { success: '已生成并发送', invalidate: [r.get] });
  const [form] = Form.useForm();
  if (!current.data) return null;
  return (
    <Modal
      open
      title="周报月报发送设置"
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => save.mutate(v))}
      confirmLoading={save.isPending}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Space>
          <Button loading={generate.isPending} onClick={() => generate.mutate({ type })}>
            立即生成{ReportTypeName[type]}
          </Button>
          <CancelBtn />
          <OkBtn />
        </Space>
      )}
    >
      <Form form={form} layout="vertical" initialValues={current.data}>
        <Space size="large">
          <Form.Item name="daily" label="日报（每天 08:00，前一天）" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="weekly" label="周报（周一 08:00，上周）" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="monthly" label="月报（每月 1 日 08:00，上月）" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="receiverIds" label="接收人">
          <Select
            mode="multiple"
            optionFilterProp="label"
            placeholder="选择接收报告的人"
            options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
