import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type CallInput, contract } from '@crm/core/contract';
import { type FieldDef, FieldType } from '@crm/core/contract/clueField';
import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { showSuccess } from '../../../app/ui';
import { AddButton } from '../../../components/AddButton';
import { ColItem } from '../../../components/ColItem';
import { confirmOff } from '../../../components/confirmOff';
import { useFieldList, useSettingsMutation } from '../../../features/lead/settings';
import { cascadeToText, textToCascade } from './cascadeText';
import { NameItem, SettingsModal, useListEditor } from './editing';

export const FIELD_TYPES = Object.entries(FieldType).map(([value, label]) => ({ value: Number(value), label }));
/** Display choices for option fields: dropdown or radio buttons / checkboxes. */
const SHOW_TYPES: Record<number, { value: number; label: string }[]> = {
  6: [
    { value: 3, label: '下拉框' },
    { value: 4, label: '单选按钮' },
  ],
  7: [
    { value: 3, label: '下拉框' },
    { value: 5, label: '复选框' },
  ],
};

/** A custom field (it always has its id). */
type CustomField = FieldDef & { id: number };

/** What the field form holds (the switches as booleans, the cascade data as lines of text). */
interface FieldForm {
  fieldLabel: string;
  fieldTopic?: string;
  fieldType: number;
  showType?: number;
  isRequired?: boolean;
  isShow?: boolean;
  rules?: Record<string, number | null | undefined>;
  groupList?: { fieldLabel: string; groupName?: string; fieldValue?: string }[];
  cascadeText?: string;
}

const c = contract.clueField.fields;

/** A 0 / 1 flag of the field form, as a switch. */
const switchItem = (name: 'isRequired' | 'isShow', label: string) => (
  <ColItem span={6} name={name} label={label} valuePropName="checked" getValueProps={(v) => ({ checked: !!v })}>
    <Switch />
  </ColItem>
);

/** The organisation's custom lead fields: every type, groups of options, cascade data, required and shown flags. */
export function FieldsTab() {
  const defs = useFieldList();
  const [form] = Form.useForm<FieldForm>();
  const fieldType = Form.useWatch('fieldType', form);
  const custom = (defs.data ?? []).filter((d): d is CustomField => d.isCustom === 1 && d.id !== null);
  const nextOn = (defs.data ?? []).some((d) => d.fieldName === 'nextFollowTime');
  const editor = useListEditor(c, custom);
  const editingField = editor.editing?.item;
  const setNextFollow = useSettingsMutation(c.setNextFollowTimeField, {
    onSuccess: ({ enabled }) => showSuccess(enabled ? '已启用“下次跟进时间”字段' : '已停用“下次跟进时间”字段'),
  });
  const open = (d?: CustomField) => {
    form.resetFields();
    if (d)
      form.setFieldsValue({
        ...d,
        isRequired: d.isRequired === 1,
        isShow: d.isShow === 1,
        groupList: d.groupList.map((o) => ({
          fieldLabel: o.fieldLabel,
          groupName: o.groupName ?? '',
          fieldValue: o.fieldValue,
        })),
        cascadeText: cascadeToText(d.cascadeData).join('\n'),
      });
    editor.open(d);
  };
  const save = (v: FieldForm) => {
    const body: CallInput<typeof c.add> = {
      fieldLabel: v.fieldLabel,
      fieldTopic: v.fieldTopic || '基本信息',
      fieldType: v.fieldType,
      showType: v.showType,
      isRequired: v.isRequired ? 1 : 0,
      isShow: v.isShow ? 1 : 0,
      rules: Object.fromEntries(Object.entries(v.rules ?? {}).filter(([, x]) => x !== null && x !== undefined)),
    };
    if (v.fieldType === 6 || v.fieldType === 7) {
      const groups = [...new Set((v.groupList ?? []).map((o) => o.groupName || ''))];
      body.groupList = (v.groupList ?? []).map((o, i) => ({
        fieldLabel: o.fieldLabel,
        ...(o.fieldValue ? { fieldValue: o.fieldValue } : {}),
        ...(o.groupName
          ? {
              groupName: o.groupName,
              groupId: groups.indexOf(o.groupName) + 1,
              groupSortNum: groups.indexOf(o.groupName) + 1,
            }
          : {}),
        itemSortNum: i + 1,
      }));
    }
    if (v.fieldType === 8) body.cascadeData = textToCascade(v.cascadeText ?? '', editingField?.cascadeData);
    if (editingField) editor.update.mutate({ id: editingField.id, ...body });
    else editor.add.mutate(body);
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <AddButton onClick={() => open()} data-testid="add-field">
          新增字段
        </AddButton>
        <Space>
          <Typography.Text>启用“下次跟进时间”字段</Typography.Text>
          <Switch
            checked={nextOn}
            loading={setNextFollow.isPending}
            onChange={(on) =>
              confirmOff(
                on,
                {
                  title: '确定停用“下次跟进时间”字段吗？',
                  content: '停用后客户表单中不再显示该字段，已填写的数据不受影响。',
                },
                () => setNextFollow.mutate({ enabled: on }),
              )
            }
          />
        </Space>
      </Space>
      <Table<CustomField>
        rowKey="fieldName"
        size="small"
        loading={defs.isLoading}
        dataSource={custom}
        pagination={false}
        columns={[
          { title: '字段名称', dataIndex: 'fieldLabel' },
          { title: '分组', dataIndex: 'fieldTopic' },
          { title: '类型', dataIndex: 'fieldTypeName', width: 100 },
          {
            title: '选项',
            key: 'opts',
            render: (_, d) =>
              d.groupList.length
                ? d.groupList.map((o) => (
                    <Tag key={o.fieldValue}>
                      {o.groupName ? `${o.groupName}·` : ''}
                      {o.fieldLabel}
                    </Tag>
                  ))
                : d.cascadeData.length
                  ? `${cascadeToText(d.cascadeData).length} 条级联路径`
                  : '-',
          },
          { title: '必填', dataIndex: 'isRequired', width: 70, render: (v) => (v ? '是' : '否') },
          { title: '显示', dataIndex: 'isShow', width: 70, render: (v) => (v ? '是' : '否') },
          editor.column(open, (d) => ({
            title: `确定删除字段“${d.fieldLabel}”吗？`,
            content: '删除后该字段的数据将不再显示。',
          })),
        ]}
      />
      <SettingsModal
        open={editor.editing !== null}
        title={editingField ? '编辑字段' : '新增字段'}
        width={640}
        loading={editor.saving}
        form={form}
        initialValues={{ fieldType: 1, isRequired: false, isShow: true, fieldTopic: '基本信息' }}
        onClose={editor.close}
        onFinish={save}
      >
        <Row gutter={12}>
          <Col span={12}>
            <NameItem name="fieldLabel" label="字段名称" max={20} testId="field-label" />
          </Col>
          <ColItem name="fieldTopic" label="所属分组">
            <Input maxLength={20} placeholder="基本信息" />
          </ColItem>
          <ColItem name="fieldType" label="字段类型" rules={[{ required: true, message: '请选择字段类型' }]}>
            <Select options={FIELD_TYPES} disabled={!!editingField} />
          </ColItem>
          {fieldType && SHOW_TYPES[fieldType] && (
            <ColItem name="showType" label="显示方式">
              <Radio.Group options={SHOW_TYPES[fieldType]} />
            </ColItem>
          )}
          {switchItem('isRequired', '必填')}
          {switchItem('isShow', '显示')}
        </Row>
        {(fieldType === 1 || fieldType === 2) && (
          <Form.Item name={['rules', 'maxLength']} label="最大长度">
            <InputNumber min={1} max={2000} />
          </Form.Item>
        )}
        {fieldType === 3 && (
          <Space>
            <Form.Item name={['rules', 'min']} label="最小值">
              <InputNumber />
            </Form.Item>
            <Form.Item name={['rules', 'max']} label="最大值">
              <InputNumber />
            </Form.Item>
            <Form.Item name={['rules', 'decimals']} label="小数位数">
              <InputNumber min={0} max={6} />
            </Form.Item>
          </Space>
        )}
        {(fieldType === 6 || fieldType === 7) && (
          <Form.List name="groupList" initialValue={[{ fieldLabel: '' }]}>
            {(items, { add, remove }) => (
              <>
                <Typography.Text strong>选项（可填写选项分组）</Typography.Text>
                {items.map((it) => (
                  <Space key={it.key} style={{ display: 'flex', marginTop: 8 }} align="baseline">
                    <Form.Item name={[it.name, 'groupName']} noStyle>
                      <Input placeholder="分组（选填）" style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item
                      name={[it.name, 'fieldLabel']}
                      noStyle
                      rules={[{ required: true, whitespace: true, message: '选项名称不能为空' }]}
                    >
                      <Input placeholder="选项名称" style={{ width: 240 }} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(it.name)} />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  size="small"
                  icon={<PlusOutlined />}
                  style={{ marginTop: 8 }}
                  onClick={() => add({ fieldLabel: '' })}
                >
                  添加选项
                </Button>
              </>
            )}
          </Form.List>
        )}
        {fieldType === 8 && (
          <Form.Item
            name="cascadeText"
            label="级联数据"
            extra="每行一条路径，层级之间用 / 分隔，例如：华东/上海/浦东新区"
            rules={[{ required: true, whitespace: true, message: '请填写级联数据' }]}
          >
            <Input.TextArea rows={6} />
          </Form.Item>
        )}
      </SettingsModal>
    </>
  );
}
