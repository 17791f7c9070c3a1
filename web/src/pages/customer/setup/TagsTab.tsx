import { PlusOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import type { TagGroup } from '@crm/core/contract/clueField';
import { Button, Card, Col, Empty, Form, Input, Popconfirm, Radio, Row, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { ui } from '../../../app/ui';
import { AddButton } from '../../../components/AddButton';
import { useSettingsMutation, useTagGroupList } from '../../../features/lead/settings';
import { NameItem, SettingsModal } from './editing';

type Editing = { kind: 'group'; group?: TagGroup } | { kind: 'tag'; groupId: number; id?: number; name?: string };

interface TagForm {
  name: string;
  color?: string;
  chooseType?: 1 | 2;
}

const c = contract.clueField;

/** Tag groups (single or multiple choice, colour) and their tags. */
export function TagsTab() {
  const groups = useTagGroupList();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<TagForm>();
  const close = () => setEditing(null);
  const saved = { success: '保存成功', onSuccess: close };
  const addGroup = useSettingsMutation(c.tagGroups.add, saved);
  const updateGroup = useSettingsMutation(c.tagGroups.update, saved);
  const addTag = useSettingsMutation(c.tags.add, saved);
  const updateTag = useSettingsMutation(c.tags.update, saved);
  const removeGroup = useSettingsMutation(c.tagGroups.delete, { success: '删除成功' });
  const removeTag = useSettingsMutation(c.tags.delete, { success: '删除成功' });
  const saving = addGroup.isPending || updateGroup.isPending || addTag.isPending || updateTag.isPending;
  const open = (e: Editing) => {
    form.resetFields();
    if (e.kind === 'group' && e.group)
      form.setFieldsValue({
        name: e.group.groupName,
        color: e.group.color,
        chooseType: e.group.chooseType === 1 ? 1 : 2,
      });
    if (e.kind === 'tag' && e.name) form.setFieldsValue({ name: e.name });
    setEditing(e);
  };
  const save = (v: TagForm) => {
    if (!editing) return;
    if (editing.kind === 'group') {
      if (editing.group) updateGroup.mutate({ id: editing.group.id, ...v });
      else addGroup.mutate(v);
    } else if (editing.id) updateTag.mutate({ id: editing.id, name: v.name });
    else addTag.mutate({ groupId: editing.groupId, name: v.name });
  };
  return (
    <>
      <AddButton style={{ marginBottom: 12 }} onClick={() => open({ kind: 'group' })}>
        新增标签组
      </AddButton>
      {groups.isLoading ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        !groups.data?.length && <Empty description="暂无数据" />
      )}
      <Row gutter={[12, 12]}>
        {(groups.data ?? []).map((g) => (
          <Col span={12} key={g.id}>
            <Card
              size="small"
              title={
                <Space>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      borderRadius: 5,
                      background: g.color,
                    }}
                  />
                  {g.groupName}
                  <Tag>{g.chooseType === 1 ? '单选' : '多选'}</Tag>
                </Space>
              }
              extra={
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => open({ kind: 'group', group: g })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="删除标签组将同时删除组内标签，确定吗？"
                    onConfirm={() => removeGroup.mutate({ id: g.id })}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              }
            >
              <Space size={[6, 6]} wrap>
                {g.tagList.map((t) => (
                  <Tag
                    key={t.id}
                    color={g.color}
                    closable
                    onClose={(e) => {
                      e.preventDefault();
                      ui.modal.confirm({
                        title: `确定删除标签“${t.tagName}”吗？`,
                        onOk: () => removeTag.mutate({ id: t.id }),
                      });
                    }}
                    style={{ cursor: 'pointer' }}
                    onClick={() => open({ kind: 'tag', groupId: g.id, id: t.id, name: t.tagName })}
                  >
                    {t.tagName}
                  </Tag>
                ))}
                <Button
                  size="small"
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => open({ kind: 'tag', groupId: g.id })}
                >
                  标签
                </Button>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <SettingsModal
        open={!!editing}
        title={
          editing?.kind === 'group'
            ? editing.group
              ? '编辑标签组'
              : '新增标签组'
            : editing?.id
              ? '编辑标签'
              : '新增标签'
        }
        loading={saving}
        form={form}
        initialValues={{ chooseType: 2, color: '#1677ff' }}
        onClose={close}
        onFinish={save}
      >
        <NameItem max={20} />
        {editing?.kind === 'group' && (
          <>
            <Form.Item name="chooseType" label="选择方式">
              <Radio.Group
                options={[
                  { value: 1, label: '单选' },
                  { value: 2, label: '多选' },
                ]}
              />
            </Form.Item>
            <Form.Item name="color" label="颜色">
              <Input type="color" style={{ width: 80 }} />
            </Form.Item>
          </>
        )}
      </SettingsModal>
    </>
  );
}
