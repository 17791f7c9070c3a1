import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { DATE_PRESETS } from '@crm/core';
import { type CallAnswer, contract } from '@crm/core/contract';
import {
  BOARD_METRICS,
  type BoardMetric,
  CHART_NAMES,
  SHARE_DEFAULT_DAYS,
  SHARE_EXPIRE_DAYS,
  SHARE_MAX_DAYS,
} from '@crm/core/contract/boards';
import {
  Button,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { FormModal } from '../../components/FormModal';
import { BoardExport } from './BoardExport';
import { BoardGrid } from './BoardGrid';

const cb = contract.customBoard;
type Board = CallAnswer<typeof cb.list>[number];

const METRIC_OPTIONS = Object.entries(BOARD_METRICS).map(([value, m]) => ({ value, label: m.name }));
const RANGE_OPTIONS = DATE_PRESETS.filter((p) => !p.future && p.key !== 'overdue').map((p) => ({
  value: p.key,
  label: p.label,
}));
const SPAN_OPTIONS = [
  { value: 8, label: '三分之一行' },
  { value: 12, label: '半行' },
  { value: 24, label: '整行' },
];

const shareUrl = (token: string) => `${window.location.origin}/dashboard/${token}`;

/**
 * /main/afterSaleChartp 自定义看板: boards of chosen figures and charts, arranged in a grid; saved by name, shared as a
 * read-only link (/dashboard/<token>) that can be revoked, exported one sheet per chart.
 */
export default function CustomBoardsPage() {
  const canEdit = useHasSign('board:edit');
  const boards = useCallQuery(cb.list, undefined);
  const [picked, setPicked] = useState<number>();
  const [editing, setEditing] = useState<Board | 'new' | null>(null);
  const [sharing, setSharing] = useState(false);
  const list = boards.data ?? [];
  const board = list.find((b) => b.id === picked) ?? list[0];
  const data = useCallQuery(cb.data, { id: board?.id ?? 0 }, { enabled: Boolean(board) });
  const remove = useCallMutation(cb.delete, {
    success: '已删除',
    invalidate: [cb.list],
    onSuccess: () => setPicked(undefined),
  });
  return (
    <div className="page-card">
      <Space wrap style={{ marginBottom: 12 }}>
        {list.length > 0 && (
          <Select
            style={{ width: 200 }}
            value={board?.id}
            onChange={setPicked}
            options={list.map((b) => ({ value: b.id, label: b.shareToken ? `${b.name}（已分享）` : b.name }))}
            data-testid="board-select"
          />
        )}
        {canEdit && <AddButton onClick={() => setEditing('new')}>新建看板</AddButton>}
        {board && canEdit && (
          <>
            <Button icon={<EditOutlined />} onClick={() => setEditing(board)}>
              编辑
            </Button>
            <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
              分享
            </Button>
            <Popconfirm
              title="删除看板"
              description={`确定删除「${board.name}」吗？分享链接将同时失效。`}
              okText="删除"
              cancelText="取消"
              onConfirm={() => remove.mutate({ id: board.id })}
            >
              <Button danger icon={<DeleteOutlined />}>
                删除
              </Button>
            </Popconfirm>
          </>
        )}
        {board && <BoardExport call={cb.export} input={{ id: board.id }} />}
      </Space>
      {boards.isLoading || (board && data.isLoading) ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : !board ? (
        <Empty description="暂无数据，新建一个看板，选择指标与图表" />
      ) : (
        data.data && <BoardGrid data={data.data} clickable />
      )}
      {editing && (
        <BoardModal
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setPicked(id);
            setEditing(null);
          }}
        />
      )}
      {sharing && board && <ShareModal board={board} onClose={() => setSharing(false)} />}
    </div>
  );
}

interface PanelValues {
  title: string;
  metric: BoardMetric;
  chart: string;
  range: string;
  span: number;
}

function BoardModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Board | 'new';
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const [form] = Form.useForm<{ name: string; panels: PanelValues[] }>();
  const save = useCallMutation(cb.save, {
    success: '已保存',
    invalidate: [cb.list, cb.data],
    onSuccess: (a) => onSaved(a.id),
  });
  const old = editing === 'new' ? null : editing;
  return (
    <FormModal
      title={old ? '编辑看板' : '新建看板'}
      width={820}
      form={form}
      loading={save.isPending}
      onClose={onClose}
      initialValues={
        old ?? { panels: [{ title: '成交金额趋势', metric: 'dealTrend', chart: 'line', range: 'thisMonth', span: 12 }] }
      }
      onSubmit={(v) => save.mutate({ id: old?.id, name: v.name, panels: v.panels as never })}
    >
      <Form.Item name="name" label="看板名称" rules={[{ required: true, whitespace: true, message: '请输入看板名称' }]}>
        <Input maxLength={30} placeholder="如：销售周看板" data-testid="board-name" />
      </Form.Item>
      <Form.List name="panels">
        {(fields, { add, remove, move }) => (
          <>
            {fields.map((f, i) => (
              <Space key={f.key} align="baseline" wrap data-testid={`panel-row-${i}`}>
                <Form.Item
                  name={[f.name, 'title']}
                  rules={[{ required: true, whitespace: true, message: '请输入图表标题' }]}
                >
                  <Input placeholder="图表标题" maxLength={30} style={{ width: 150 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'metric']} rules={[{ required: true, message: '请选择指标' }]}>
                  <Select
                    options={METRIC_OPTIONS}
                    placeholder="指标"
                    style={{ width: 150 }}
                    onChange={(m: BoardMetric) => {
                      const panels = form.getFieldValue('panels') as PanelValues[];
                      panels[f.name] = { ...panels[f.name], metric: m, chart: BOARD_METRICS[m].charts[0] };
                      form.setFieldValue('panels', [...panels]);
                    }}
                  />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const metric = form.getFieldValue(['panels', f.name, 'metric']) as BoardMetric | undefined;
                    const charts = metric ? BOARD_METRICS[metric].charts : [];
                    return (
                      <Form.Item name={[f.name, 'chart']} rules={[{ required: true, message: '请选择图表类型' }]}>
                        <Select
                          placeholder="图表"
                          style={{ width: 100 }}
                          options={charts.map((c) => ({ value: c, label: CHART_NAMES[c] }))}
                        />
                      </Form.Item>
                    );
                  }}
                </Form.Item>
                <Form.Item name={[f.name, 'range']} initialValue="thisMonth">
                  <Select options={RANGE_OPTIONS} style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'span']} initialValue={12}>
                  <Select options={SPAN_OPTIONS} style={{ width: 110 }} />
                </Form.Item>
                <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                  上移
                </Button>
                <MinusCircleOutlined onClick={() => remove(f.name)} />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= 20}
              onClick={() => add({ range: 'thisMonth', span: 12 })}
            >
              添加图表
            </Button>
          </>
        )}
      </Form.List>
    </FormModal>
  );
}

type Expiry = 7 | 30 | 90 | 'date';
const EXPIRY_OPTIONS: { value: Expiry; label: string }[] = [
  ...SHARE_EXPIRE_DAYS.map((d) => ({ value: d, label: `${d} 天` })),
  { value: 'date', label: '指定日期' },
];

/**
 * Sharing: the link with its expiry (7, 30 or 90 days or a chosen day; 30 by default), which sharing again sets anew,
 * and revoking. A link that expired or whose sharer was disabled is shown as such; sharing draws a new one.
 */
function ShareModal({ board, onClose }: { board: Board; onClose: () => void }) {
  const share = useCallMutation(cb.share, { invalidate: [cb.list] });
  const [expiry, setExpiry] = useState<Expiry>(SHARE_DEFAULT_DAYS);
  const [until, setUntil] = useState<Dayjs | null>(null);
  const current = share.data ?? board;
  const token = current.shareToken;
  const send = () =>
    share.mutate(
      expiry === 'date'
        ? { id: board.id, enable: 1, expireDate: until!.format('YYYY-MM-DD') }
        : { id: board.id, enable: 1, expireDays: expiry },
    );
  const chooser = (
    <Space wrap data-testid="share-expiry-choice">
      <Typography.Text>有效期：</Typography.Text>
      <Segmented<Expiry> options={EXPIRY_OPTIONS} value={expiry} onChange={setExpiry} />
      {expiry === 'date' && (
        <DatePicker
          value={until}
          onChange={setUntil}
          placeholder="截止日期"
          disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(SHARE_MAX_DAYS - 1, 'day'), 'day')}
          data-testid="share-expiry-date"
        />
      )}
    </Space>
  );
  const ready = expiry !== 'date' || until !== null;
  return (
    <Modal title="分享看板" open onCancel={onClose} footer={null} destroyOnHidden>
      {token ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>任何拿到链接的人都可以只读查看此看板（数据范围为分享人的数据权限）：</Typography.Text>
          <Typography.Paragraph copyable={{ text: shareUrl(token) }} data-testid="share-url">
            {shareUrl(token)}
          </Typography.Paragraph>
          <Typography.Text type="secondary" data-testid="share-expires">
            有效期至 {current.shareExpiresAt}
            {board.sharedByName ? `（分享人：${board.sharedByName}，分享人被禁用或失去看板权限时链接失效）` : ''}
          </Typography.Text>
          {chooser}
          <Space>
            <Button loading={share.isPending} disabled={!ready} onClick={send}>
              更新有效期
            </Button>
            <Popconfirm
              title="取消分享"
              description="取消后原链接立即失效，确定吗？"
              okText="取消分享"
              cancelText="再想想"
              onConfirm={() => share.mutate({ id: board.id, enable: 2 })}
            >
              <Button danger loading={share.isPending}>
                取消分享
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      ) : (
        <Space orientation="vertical">
          <Typography.Text>
            {current.shareExpiresAt
              ? `原分享链接已失效（有效期至 ${current.shareExpiresAt}，或分享人已被禁用、失去看板权限）。重新分享将生成新链接。`
              : '此看板尚未分享。生成只读链接后，无需登录即可查看。'}
          </Typography.Text>
          {chooser}
          <Button type="primary" loading={share.isPending} disabled={!ready} onClick={send}>
            生成分享链接
          </Button>
        </Space>
      )}
    </Modal>
  );
}
