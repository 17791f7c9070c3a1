import { contract } from '@crm/core/contract';
import {
  TEMPLATE_PARTS,
  TemplateModeName,
  type TemplatePart,
  TemplatePartName,
} from '@crm/core/contract/industryTemplate';
import { Alert, Button, Card, Checkbox, Col, Drawer, Empty, Radio, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { ui } from '../../app/ui';

const t = contract.industryTemplate;
const STATE_COLOR: Record<string, string> = { 新建: 'green', 已存在: 'default', 待陪练模块接入: 'orange' };

function Preview({ code, onClose }: { code: string; onClose: () => void }) {
  const detail = useCallQuery(t.detail, { code });
  const [parts, setParts] = useState<TemplatePart[]>([...TEMPLATE_PARTS]);
  const [mode, setMode] = useState<'merge' | 'skip'>('skip');
  const [result, setResult] = useState<string | null>(null);
  const apply = useCallMutation(t.apply, {
    invalidate: [t.list, t.detail],
    onSuccess: (a) =>
      setResult(
        `新建 ${a.created} 项，合并 ${a.merged} 项，跳过 ${a.skipped} 项${a.notes.length ? `；${a.notes.join('；')}` : ''}`,
      ),
  });
  const d = detail.data;
  return (
    <Drawer
      open
      size={820}
      title={d ? `预览：${d.name}` : '模板预览'}
      onClose={onClose}
      destroyOnHidden
      loading={detail.isLoading}
    >
      {d && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{d.description}</Typography.Text>
          <div>
            <Typography.Text strong>应用哪些部分：</Typography.Text>
            <Checkbox.Group
              value={parts}
              onChange={(v) => setParts(v as TemplatePart[])}
              options={TEMPLATE_PARTS.map((p) => ({ value: p, label: TemplatePartName[p] }))}
            />
          </div>
          <div>
            <Typography.Text strong>已存在的同名项：</Typography.Text>
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value)}
              options={Object.entries(TemplateModeName).map(([value, label]) => ({ value, label }))}
            />
          </div>
          {result && <Alert type="success" showIcon title={result} data-testid="template-result" />}
          <Table
            rowKey={(r) => `${r.part}-${r.name}`}
            size="small"
            pagination={false}
            dataSource={d.items.filter((i) => parts.includes(i.part))}
            locale={{ emptyText: '暂无数据' }}
            columns={[
              { title: '部分', dataIndex: 'part', width: 100, render: (p: TemplatePart) => TemplatePartName[p] },
              { title: '名称', dataIndex: 'name', width: 200 },
              { title: '内容', dataIndex: 'summary', ellipsis: true },
              {
                title: '应用后',
                dataIndex: 'state',
                width: 130,
                render: (s: string) => <Tag color={STATE_COLOR[s]}>{s}</Tag>,
              },
            ]}
          />
          <Button
            type="primary"
            disabled={!parts.length}
            loading={apply.isPending}
            onClick={() => apply.mutate({ code, parts, mode })}
            data-testid="template-apply"
          >
            应用模板
          </Button>
        </Space>
      )}
    </Drawer>
  );
}

/** /industryTemplate 行业模板: six industries, previewed, applied (all or parts), the last application undone. */
export default function IndustryTemplatePage() {
  const list = useCallQuery(t.list, undefined);
  const [open, setOpen] = useState<string | null>(null);
  const undo = useCallMutation(t.undo, {
    invalidate: [t.list, t.detail],
    onSuccess: (a) => ui.message.success(`已撤销：删除 ${a.removed} 项，恢复 ${a.restored} 项`),
  });
  return (
    <div className="page-card">
      <Space style={{ marginBottom: 16 }}>
        <Button
          danger
          loading={undo.isPending}
          data-testid="template-undo"
          onClick={() =>
            ui.modal.confirm({
              title: '撤销最近一次模板应用？',
              content: '该次应用新建的标签、SOP、违禁词、正则与知识将被删除，合并过的内容恢复原样。',
              okText: '撤销',
              okButtonProps: { danger: true },
              onOk: () => undo.mutateAsync(undefined),
            })
          }
        >
          撤销最近一次应用
        </Button>
      </Space>
      {list.data?.length === 0 && <Empty description="暂无数据" />}
      <Row gutter={[16, 16]}>
        {(list.data ?? []).map((x) => (
          <Col key={x.code} xs={24} md={12} xl={8}>
            <Card
              title={x.name}
              loading={list.isLoading}
              extra={x.appliedAt ? <Tag color="green">已应用</Tag> : null}
              actions={[
                <Button key="p" type="link" onClick={() => setOpen(x.code)} data-testid={`template-${x.code}`}>
                  预览与应用
                </Button>,
              ]}
            >
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
                {x.description}
              </Typography.Paragraph>
              <Space size={[4, 4]} wrap>
                {TEMPLATE_PARTS.map((p) => (
                  <Tag key={p}>
                    {TemplatePartName[p]} {x.counts[p] ?? 0}
                  </Tag>
                ))}
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      {open && <Preview code={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
