import { contract } from '@crm/core/contract';
import { CallProviderName, NumberKindName, RiskTypeName } from '@crm/core/contract/telephony';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { type RowOf, useCallDownload, useCallMutation, useCallPage, useCallQuery } from '../../api/hooks';
import { ui } from '../../app/ui';
import { AddButton } from '../../components/AddButton';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { TwoStateSelect } from '../../components/TwoStateSelect';
import { useDraftFilters } from '../../components/useDraftFilters';
import { opts } from './options';

const t = contract.telephony;
type SeatRow = RowOf<typeof t.poolList>;
type LineRow = NonNullable<ReturnType<typeof useCallQuery<typeof t.dataConfig>>['data']>['lines'][number];
const SEATS_CHANGED = [t.poolList, t.seatList, t.seatTransferList];
const lines = (text: string) =>
  text
    .split(/[\s,，、]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function useUsers() {
  const users = useCallQuery(contract.clue.users, undefined);
  return (users.data ?? []).map((u) => ({ value: u.userId, label: `${u.realName}（${u.deptName || '未分配部门'}）` }));
}

function SeatModal({
  seat,
  mode,
  onClose,
}: {
  seat: SeatRow;
  mode: 'bind' | 'transfer' | 'number';
  onClose: () => void;
}) {
  const users = useUsers();
  const cfg = useCallQuery(t.dataConfig, undefined);
  const numbers = (cfg.data?.lines ?? []).filter((l) => !seat.lineId || l.id === seat.lineId).flatMap((l) => l.numbers);
  const done = { success: '已保存', invalidate: SEATS_CHANGED, onSuccess: onClose };
  const bind = useCallMutation(t.seatBind, done);
  const transfer = useCallMutation(t.seatTransfer, done);
  const number = useCallMutation(t.seatShowNumber, done);
  const title = { bind: '绑定员工', transfer: '转移坐席', number: '修改外显号码' }[mode];
  return (
    <FormModal
      title={`${title} · 坐席 ${seat.seatNo}`}
      loading={bind.isPending || transfer.isPending || number.isPending}
      onClose={onClose}
      initialValues={{ displayNumber: seat.displayNumber ?? undefined }}
      onSubmit={(v) =>
        mode === 'bind'
          ? bind.mutate({ seatId: seat.id, userId: v.userId })
          : mode === 'transfer'
            ? transfer.mutate({ seatId: seat.id, toUserId: v.userId, reason: v.reason })
            : number.mutate({ seatId: seat.id, displayNumber: v.displayNumber ?? '' })
      }
    >
      {mode !== 'number' && (
        <Form.Item
          name="userId"
          label={mode === 'bind' ? '员工' : '接收员工'}
          rules={[{ required: true, message: '请选择员工' }]}
        >
          <Select showSearch optionFilterProp="label" options={users} />
        </Form.Item>
      )}
      {mode === 'transfer' && (
        <Form.Item name="reason" label="转移原因">
          <Input maxLength={200} placeholder="如：员工离职交接" />
        </Form.Item>
      )}
      {mode === 'number' && (
        <Form.Item name="displayNumber" label="外显号码" extra="只能选择坐席所属线路的号码；不选则使用线路默认号码">
          <Select allowClear options={numbers.map((n) => ({ value: n, label: n }))} />
        </Form.Item>
      )}
    </FormModal>
  );
}

function SeatsTab() {
  const bar = useDraftFilters<{ keyword?: string; bindStatus?: number }, { keyword?: string; bindStatus?: number }>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(t.poolList, bar.filters, 'seat-manage');
  const [editing, setEditing] = useState<{ seat: SeatRow; mode: 'bind' | 'transfer' | 'number' } | null>(null);
  const [buying, setBuying] = useState(false);
  const cfg = useCallQuery(t.dataConfig, undefined);
  const add = useCallMutation(t.poolAdd, {
    invalidate: SEATS_CHANGED,
    onSuccess: (r) => {
      ui.message.success(`已添加 ${r.count} 个坐席`);
      setBuying(false);
    },
  });
  const unbind = useCallMutation(t.seatUnbind, { success: '已解绑', invalidate: SEATS_CHANGED });
  const remove = useCallMutation(t.seatDelete, { success: '已删除', invalidate: SEATS_CHANGED });
  const download = useCallDownload(t.seatExport, { fileName: '坐席.xlsx' });
  const confirm = (title: string, onOk: () => void, danger = false) =>
    ui.modal.confirm({ title, okText: '确定', cancelText: '取消', okButtonProps: { danger }, onOk });
  const columns: ColumnsType<SeatRow> = [
    { title: '坐席号', dataIndex: 'seatNo', width: 100 },
    {
      title: '绑定状态',
      dataIndex: 'bindStatus',
      width: 100,
      render: (v) => <Tag color={v === 1 ? 'green' : 'default'}>{v === 1 ? '已绑定' : '空闲'}</Tag>,
    },
    { title: '员工', dataIndex: 'realName', render: (v, r) => (v ? `${v}（${r.username}）` : '-') },
    { title: '部门', dataIndex: 'deptName', render: (v) => v || '-' },
    { title: '线路', dataIndex: 'lineName', render: (v) => v || '-' },
    { title: '外显号码', dataIndex: 'displayNumber', render: (v) => v || '线路默认' },
    { title: '绑定时间', dataIndex: 'boundAt', width: 170, render: (v) => v || '-' },
    {
      title: '操作',
      key: 'op',
      width: 250,
      render: (_, r) => (
        <Space size={4} wrap>
          {r.bindStatus === 2 ? (
            <LinkButton onClick={() => setEditing({ seat: r, mode: 'bind' })}>绑定</LinkButton>
          ) : (
            <>
              <LinkButton onClick={() => setEditing({ seat: r, mode: 'transfer' })}>转移</LinkButton>
              <LinkButton
                onClick={() =>
                  confirm(`解绑坐席 ${r.seatNo}（${r.realName}）？`, () => unbind.mutate({ seatId: r.id }))
                }
              >
                解绑
              </LinkButton>
            </>
          )}
          <LinkButton onClick={() => setEditing({ seat: r, mode: 'number' })}>外显号码</LinkButton>
          {r.bindStatus === 2 && (
            <LinkButton
              danger
              onClick={() => confirm(`删除坐席 ${r.seatNo}？`, () => remove.mutate({ seatId: r.id }), true)}
            >
              删除
            </LinkButton>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <FilterBar
        onSearch={bar.search}
        extra={
          <Space>
            <Button loading={download.isPending} onClick={() => download.mutate(bar.filters)}>
              导出
            </Button>
            <AddButton onClick={() => setBuying(true)}>添加坐席</AddButton>
          </Space>
        }
      >
        <TwoStateSelect
          placeholder="绑定状态"
          one="已绑定"
          two="空闲"
          value={bar.draft.bindStatus}
          onChange={(v) => bar.patch({ bindStatus: v })}
        />
        <KeywordInput of={bar} placeholder="坐席号 / 外显号码" width={180} />
      </FilterBar>
      <Table<SeatRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {editing && <SeatModal {...editing} onClose={() => setEditing(null)} />}
      {buying && (
        <FormModal
          title="添加坐席（已购坐席号）"
          loading={add.isPending}
          onClose={() => setBuying(false)}
          onSubmit={(v) => add.mutate({ seatNos: lines(v.seatNos ?? ''), lineId: v.lineId })}
        >
          <Form.Item
            name="seatNos"
            label="坐席号"
            rules={[{ required: true, message: '请填写坐席号' }]}
            extra="多个用换行或逗号分隔"
          >
            <Input.TextArea rows={4} placeholder={'8001\n8002'} />
          </Form.Item>
          <Form.Item name="lineId" label="线路">
            <Select allowClear options={(cfg.data?.lines ?? []).map((l) => ({ value: l.id, label: l.name }))} />
          </Form.Item>
        </FormModal>
      )}
    </>
  );
}

function TransfersTab() {
  const list = useCallPage(t.seatTransferList, {}, 'seat-transfers');
  return (
    <Table
      rowKey="id"
      size="middle"
      columns={[
        { title: '时间', dataIndex: 'createdAt', width: 170 },
        { title: '坐席号', dataIndex: 'seatNo', width: 100 },
        { title: '原员工', dataIndex: 'fromUserName', render: (v) => v || '-' },
        { title: '新员工', dataIndex: 'toUserName', render: (v) => v || '-' },
        { title: '原因', dataIndex: 'reason', render: (v) => v || '-' },
        { title: '操作人', dataIndex: 'operatorName' },
      ]}
      {...list.tableProps}
    />
  );
}

function LineModal({ line, onClose }: { line: LineRow | null; onClose: () => void }) {
  const save = useCallMutation(t.saveLine, { success: '线路已保存', invalidate: [t.dataConfig], onSuccess: onClose });
  return (
    <FormModal
      title={line ? '编辑线路' : '新增线路'}
      loading={save.isPending}
      onClose={onClose}
      initialValues={line ? { ...line, numbers: line.numbers.join('\n') } : undefined}
      onSubmit={(v) =>
        save.mutate({
          id: line?.id,
          name: v.name,
          numbers: lines(v.numbers ?? ''),
          gateway: v.gateway ?? '',
          status: line?.status ?? 1,
        })
      }
    >
      <Form.Item name="name" label="线路名称" rules={[{ required: true, whitespace: true, message: '请输入线路名称' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="numbers"
        label="外显号码"
        rules={[{ required: true, message: '请至少填写一个外显号码' }]}
        extra="多个用换行或逗号分隔"
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="gateway" label="网关 / 中继 ID" extra="FreeSWITCH 的 sofia 网关名，或云呼叫中心的线路 ID">
        <Input maxLength={100} />
      </Form.Item>
    </FormModal>
  );
}

function ProviderTab() {
  const cfg = useCallQuery(t.dataConfig, undefined);
  const [form] = Form.useForm();
  const save = useCallMutation(t.saveDataConfig, { success: '外呼配置已保存', invalidate: [t.dataConfig] });
  const removeLine = useCallMutation(t.deleteLine, { success: '线路已删除', invalidate: [t.dataConfig] });
  const [line, setLine] = useState<LineRow | null | undefined>();
  if (!cfg.data) return null;
  const d = cfg.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {!d.configured && <Alert type="warning" showIcon title="未配置外呼线路：坐席无法外呼，其余功能正常使用" />}
      {d.source === 'environment' && (
        <Alert type="info" showIcon title="当前使用安装时的环境变量配置；在此保存后本机构使用自己的配置" />
      )}
      <Card size="small" title="服务商">
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={d}
          onFinish={(v) => save.mutate({ ...d, ...v })}
        >
          <Form.Item name="provider" label="外呼方式">
            <Select options={Object.entries(CallProviderName).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.provider !== b.provider}>
            {({ getFieldValue }) =>
              getFieldValue('provider') === 'freeswitch' ? (
                <>
                  <Space>
                    <Form.Item name="eslHost" label="ESL 地址">
                      <Input placeholder="10.0.0.8" />
                    </Form.Item>
                    <Form.Item name="eslPort" label="端口">
                      <InputNumber min={1} max={65535} />
                    </Form.Item>
                    <Form.Item name="eslPassword" label="密码">
                      <Input.Password />
                    </Form.Item>
                  </Space>
                  <Form.Item name="seatEndpoint" label="坐席拨号串" extra="{seat} 替换为坐席号，如 user/{seat}">
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name="recordingBaseUrl"
                    label="录音下载地址"
                    extra="FreeSWITCH 录音目录的 HTTP 地址，录音为 crm/<通话ID>.wav"
                  >
                    <Input placeholder="http://10.0.0.8:8080/recordings" />
                  </Form.Item>
                </>
              ) : getFieldValue('provider') === 'cloud' ? (
                <>
                  <Form.Item name="apiBaseUrl" label="接口地址">
                    <Input placeholder="https://api.callcenter.example.cn" />
                  </Form.Item>
                  <Space>
                    <Form.Item name="appId" label="账号 AppId">
                      <Input />
                    </Form.Item>
                    <Form.Item name="appSecret" label="密钥">
                      <Input.Password />
                    </Form.Item>
                  </Space>
                  <Form.Item label="回调地址（填到服务商后台）">
                    <Input readOnly value={`${d.webhookUrl}/callback  ·  ${d.webhookUrl}/recordCallback`} />
                  </Form.Item>
                </>
              ) : null
            }
          </Form.Item>
          <Space>
            <Form.Item name="sipWsUrl" label="SIP WebSocket 地址（SIP 话机）">
              <Input placeholder="wss://pbx.example.cn:7443" style={{ width: 300 }} />
            </Form.Item>
            <Form.Item name="sipDomain" label="SIP 域">
              <Input placeholder="pbx.example.cn" />
            </Form.Item>
          </Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form>
      </Card>
      <Card size="small" title="线路" extra={<AddButton onClick={() => setLine(null)}>新增线路</AddButton>}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="通话费用按费用中心「通话费」中各线路的费率计费"
        />
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.lines}
          columns={[
            { title: '线路', dataIndex: 'name' },
            { title: '外显号码', dataIndex: 'numbers', render: (v: string[]) => v.join('、') },
            { title: '网关', dataIndex: 'gateway', render: (v) => v || '-' },
            {
              title: '操作',
              key: 'op',
              width: 120,
              render: (_, r) => (
                <Space size={4}>
                  <LinkButton onClick={() => setLine(r)}>编辑</LinkButton>
                  <LinkButton
                    danger
                    onClick={() =>
                      ui.modal.confirm({
                        title: `删除线路「${r.name}」？`,
                        content: '使用该线路的坐席和员工设置将改用默认线路。',
                        okText: '删除',
                        okButtonProps: { danger: true },
                        cancelText: '取消',
                        onOk: () => removeLine.mutate({ id: r.id }),
                      })
                    }
                  >
                    删除
                  </LinkButton>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {line !== undefined && <LineModal line={line} onClose={() => setLine(undefined)} />}
    </Space>
  );
}

function GuardTab() {
  const guard = useCallQuery(t.guard, undefined);
  const save = useCallMutation(t.saveGuard, { success: '已保存', invalidate: [t.guard] });
  const [kind, setKind] = useState<number | undefined>();
  const numbers = useCallPage(t.riskList, { kind }, 'risk-numbers');
  const [adding, setAdding] = useState(false);
  const add = useCallMutation(t.riskAdd, {
    success: '已添加',
    invalidate: [t.riskList],
    onSuccess: () => setAdding(false),
  });
  const remove = useCallMutation(t.riskDelete, { success: '已删除', invalidate: [t.riskList] });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {guard.data && (
        <Card size="small" title="电销卫士（号码保护）">
          <Form
            layout="inline"
            initialValues={{ ...guard.data, on: guard.data.status === 1 }}
            onFinish={(v) =>
              save.mutate({ status: v.on ? 1 : 2, dailyLimit: v.dailyLimit, weeklyLimit: v.weeklyLimit })
            }
          >
            <Form.Item name="on" label="开启" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="dailyLimit" label="同一号码每日最多呼叫">
              <InputNumber min={0} max={100} addonAfter="次" />
            </Form.Item>
            <Form.Item name="weeklyLimit" label="近 7 天最多">
              <InputNumber min={0} max={500} addonAfter="次" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form>
        </Card>
      )}
      <Card
        size="small"
        title="风险号码与禁呼号码"
        extra={<AddButton onClick={() => setAdding(true)}>添加号码</AddButton>}
      >
        <Select
          allowClear
          placeholder="号码类型"
          style={{ width: 140, marginBottom: 12 }}
          value={kind}
          onChange={setKind}
          options={opts(NumberKindName)}
        />
        <Table
          rowKey="id"
          size="small"
          columns={[
            { title: '号码', dataIndex: 'phone' },
            {
              title: '类型',
              dataIndex: 'kindName',
              render: (v, r) => <Tag color={r.kind === 2 ? 'red' : 'orange'}>{v}</Tag>,
            },
            { title: '风险类型', dataIndex: 'riskTypeName' },
            { title: '原因', dataIndex: 'reason', render: (v) => v || '-' },
            { title: '添加人', dataIndex: 'createdByName' },
            { title: '添加时间', dataIndex: 'createdAt', width: 170 },
            {
              title: '操作',
              key: 'op',
              width: 80,
              render: (_, r) => (
                <LinkButton
                  danger
                  onClick={() =>
                    ui.modal.confirm({
                      title: `删除号码 ${r.phone}？`,
                      okText: '删除',
                      okButtonProps: { danger: true },
                      cancelText: '取消',
                      onOk: () => remove.mutate({ ids: [r.id] }),
                    })
                  }
                >
                  删除
                </LinkButton>
              ),
            },
          ]}
          {...numbers.tableProps}
        />
      </Card>
      {adding && (
        <FormModal
          title="添加号码"
          loading={add.isPending}
          onClose={() => setAdding(false)}
          initialValues={{ kind: 1, riskType: 1 }}
          onSubmit={(v) =>
            add.mutate({ kind: v.kind, riskType: v.riskType, reason: v.reason, phones: lines(v.phones ?? '') })
          }
        >
          <Form.Item name="kind" label="号码类型" extra="风险号码拨打前提示；禁呼号码拨打前拒绝">
            <Select options={opts(NumberKindName)} />
          </Form.Item>
          <Form.Item name="riskType" label="风险类型">
            <Select options={opts(RiskTypeName)} />
          </Form.Item>
          <Form.Item
            name="phones"
            label="号码"
            rules={[{ required: true, message: '请输入号码' }]}
            extra="多个用换行或逗号分隔"
          >
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item name="reason" label="原因">
            <Input maxLength={200} />
          </Form.Item>
        </FormModal>
      )}
    </Space>
  );
}

/** /main/seatManage 坐席管理: seats and their transfers, the provider and lines, 电销卫士 and the number lists. */
export default function SeatManagePage() {
  return (
    <div className="page-card">
      <Tabs
        items={[
          { key: 'seats', label: '坐席', children: <SeatsTab /> },
          { key: 'transfers', label: '转移记录', children: <TransfersTab /> },
          { key: 'provider', label: '外呼设置', children: <ProviderTab /> },
          { key: 'guard', label: '电销卫士', children: <GuardTab /> },
        ]}
      />
    </div>
  );
}
