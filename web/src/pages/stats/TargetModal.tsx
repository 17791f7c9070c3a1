import { contract } from '@crm/core/contract';
import { TARGET_MAX } from '@crm/core/contract/stats';
import { Button, DatePicker, InputNumber, Modal, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';

const s = contract.stats;

/** 设置目标: each user's target of new leads for a month (the users of the caller's scope), all at once or one by one. */
export function TargetModal({ onClose }: { onClose: () => void }) {
  const [month, setMonth] = useState(dayjs());
  const config = useCallQuery(s.getEmpPerformanceStaticConfig, { month: month.format('YYYY-MM') });
  const [draft, setDraft] = useState<Record<number, number | null>>({});
  const [all, setAll] = useState<number | null>(null);
  useEffect(() => {
    setDraft(Object.fromEntries((config.data?.users ?? []).map((u) => [u.userId, u.target])));
  }, [config.data]);
  const save = useCallMutation(s.saveEmpPerformanceStaticConfig, {
    success: '目标已保存',
    invalidate: [s.getEmpPerformanceStaticConfig, s.getTargetClueNumCountByUser, s.getTargetClueNumCountByDept],
    onSuccess: onClose,
  });
  const users = config.data?.users ?? [];
  const input = (value: number | null, onChange: (v: number | null) => void, testId?: string) => (
    <InputNumber
      min={0}
      max={TARGET_MAX}
      precision={0}
      placeholder="0"
      value={value}
      onChange={onChange}
      style={{ width: 120 }}
      data-testid={testId}
    />
  );
  return (
    <Modal
      open
      title="设置目标线索数"
      width={640}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !users.length }}
      onCancel={onClose}
      onOk={() =>
        save.mutate({
          month: month.format('YYYY-MM'),
          targets: users.map((u) => ({ userId: u.userId, target: draft[u.userId] ?? 0 })),
        })
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <span>月份</span>
        <DatePicker picker="month" allowClear={false} value={month} onChange={(v) => v && setMonth(v)} />
        <span>全部设为</span>
        {input(all, setAll, 'target-all')}
        <Button disabled={all === null} onClick={() => setDraft(Object.fromEntries(users.map((u) => [u.userId, all])))}>
          应用
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        每名员工每月新增线索（领取/分配）的目标；统计期内涉及的各月目标相加即为统计期目标，部门目标为其员工目标之和。
      </Typography.Paragraph>
      <Table
        rowKey="userId"
        size="small"
        loading={config.isFetching}
        dataSource={users}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: '暂无员工' }}
        columns={[
          { title: '员工', dataIndex: 'realName' },
          { title: '部门', dataIndex: 'deptName', render: (v: string | null) => v || '-' },
          {
            title: '目标线索数',
            key: 'target',
            render: (_, u) =>
              input(draft[u.userId] ?? null, (v) => setDraft((d) => ({ ...d, [u.userId]: v })), `target-${u.userId}`),
          },
        ]}
      />
    </Modal>
  );
}
