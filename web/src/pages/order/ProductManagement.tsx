import { fenToYuan } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Form, Input, Radio, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { type RowOf, useCallMutation, useCallPage } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { DeleteLink } from '../../components/DeleteLink';
import { FilterBar, KeywordInput } from '../../components/FilterBar';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { MoneyInput } from '../../components/MoneyInput';
import { useDraftFilters } from '../../components/useDraftFilters';
import { CustomFieldItems, customText, useOrderFields } from '../../features/order/CustomFieldItems';

const p = contract.product;
type ProductRow = RowOf<typeof p.pagelist>;
interface Filters extends Record<string, unknown> {
  keyword?: string;
  onSale?: number;
}

function ProductModal({ row, onClose }: { row: ProductRow | null; onClose: () => void }) {
  const done = { invalidate: [p.pagelist], onSuccess: onClose };
  const add = useCallMutation(p.add, { success: '产品已新增', ...done });
  const update = useCallMutation(p.update, { success: '产品已保存', ...done });
  return (
    <FormModal
      title={row ? '编辑产品' : '新增产品'}
      width={560}
      loading={add.isPending || update.isPending}
      onClose={onClose}
      initialValues={row ?? { onSale: 1 }}
      onSubmit={(v) => (row ? update.mutate({ ...v, id: row.id }) : add.mutate(v))}
    >
      <Form.Item name="name" label="产品名称" rules={[{ required: true, whitespace: true, message: '请输入产品名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="code" label="产品编码" rules={[{ required: true, whitespace: true, message: '请输入产品编码' }]}>
        <Input maxLength={50} placeholder="字母、数字和 _ . -" />
      </Form.Item>
      <Form.Item name="unit" label="单位" rules={[{ required: true, whitespace: true, message: '请输入单位' }]}>
        <Input maxLength={10} placeholder="如：期、套、个、平方米" />
      </Form.Item>
      <Form.Item name="priceFen" label="标准价格" rules={[{ required: true, message: '请输入标准价格' }]}>
        <MoneyInput placeholder="0.00" />
      </Form.Item>
      <Form.Item name="category" label="产品分类">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="onSale" label="上架状态">
        <Radio.Group
          options={[
            { value: 1, label: '上架' },
            { value: 2, label: '下架' },
          ]}
        />
      </Form.Item>
      <CustomFieldItems type={3} />
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

/** /main/productManagement: the catalogue (name, code, unit, list price, category, on/off sale, product fields). */
export default function ProductManagement() {
  const canEdit = useHasSign('product:edit');
  const bar = useDraftFilters<Filters>(
    () => list.pager.reset(),
    (d) => ({ ...d, keyword: d.keyword?.trim() || undefined }),
  );
  const list = useCallPage(p.pagelist, bar.filters, 'product list');
  const defs = useOrderFields(3);
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  const columns: ColumnsType<ProductRow> = [
    { title: '产品名称', dataIndex: 'name', ellipsis: true },
    { title: '产品编码', dataIndex: 'code', width: 140 },
    { title: '单位', dataIndex: 'unit', width: 80 },
    { title: '标准价格（元）', dataIndex: 'priceFen', width: 140, align: 'right', render: (v) => fenToYuan(v) },
    { title: '分类', dataIndex: 'category', width: 110, render: (v) => v || '-' },
    { title: '状态', dataIndex: 'onSaleName', width: 80 },
    ...defs.map((d) => ({
      title: d.fieldLabel,
      key: d.fieldName,
      width: 120,
      render: (_: unknown, r: ProductRow) => customText(d, r.custom[d.fieldName]),
    })),
    { title: '创建时间', dataIndex: 'createdAt', width: 170 },
    ...actionColumn<ProductRow>(canEdit, 120, (r) => (
      <>
        <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
        <DeleteLink
          title="删除产品"
          description={`确定删除“${r.name}”吗？已下单的订单保留其产品信息。`}
          onDelete={() => callApi(p.delete, { id: r.id })}
          success="产品已删除"
          onDone={() => list.refetch()}
        />
      </>
    )),
  ];
  return (
    <div className="page-card">
      <FilterBar
        onSearch={bar.search}
        onReset={bar.reset}
        extra={canEdit && <AddButton onClick={() => setEditing('new')}>新增产品</AddButton>}
      >
        <KeywordInput of={bar} placeholder="产品名称或编码" width={200} />
        <Select
          allowClear
          placeholder="上架状态"
          style={{ width: 120 }}
          value={bar.draft.onSale}
          onChange={(v) => bar.patch({ onSale: v })}
          options={[
            { value: 1, label: '上架' },
            { value: 2, label: '下架' },
          ]}
        />
      </FilterBar>
      <Table<ProductRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {editing && <ProductModal row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
