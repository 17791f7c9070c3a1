import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Input, Modal, Popconfirm, Radio, Row, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { api, quietly } from '../../../api/client';
import { showSuccess } from '../../../app/ui';
import { useBusy } from '../../../components/useBusy';
import { useInvalidateClueSettings, useTagGroups, validValues } from '../data';
import type { TagGroup } from '../types';

type Editing = { kind: 'group'; group?: TagGroup } | { kind: 'tag'; groupId: number; id?: number; name?: string };

/** Tag groups (single or multiple choice, colour) and their tags. */
export function TagsTab() {
  const groups = useTagGroups();
  const invalidate = useInvalidateClueSettings();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, run] = useBusy();
  const [form] = Form.useForm();
  const open = (e: Editing) => {
    form.resetFields();
    if (e.kind === 'group' && e.group)
      form.setFieldsValue({ name: e.group.groupName, color: e.group.color, chooseType: e.group.chooseType });
    if (e.kind === 'tag' && e.name) form.setFieldsValue({ name: e.name });
    setEditing(e);
  };
  const save = () => run(() => quietly(doSave));
  const doSave = async () => {
    const v = await validValues(form);
    if (!v) return;
    if (!editing) return;
    if (editing.kind === 'group') {
      if (editing.group) await api.robot.post('/clue/tagGroup/update', { id: editing.group.id, ...v });
      else await api.robot.post('/clue/tagGroup/add', v);
    } else if (editing.id) await api.robot.post('/clue/tags/update', { id: editing.id, name: v.name });
    else await api.robot.post('/clue/tags/add', { groupId: editing.groupId, name: v.name });
    showSuccess('保存成功');
    setEditing(null);
    invalidate();
  };
  const remove = (path: string, id: number) => quietly(() => doRemove(path, id));
  const doRemove = async (path: string, id: number) => {
    await api.robot.post(path, { id });
    showSuccess('删除成功');
    invalidate();
  };
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ marginBottom: 12 }}
        onClick={() => open({ kind: 'group' })}
      >
        新增标签组
      </Button>
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
                      background: g.color ?? '#1677ff',
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
                    onConfirm={() => remove('/clue/tagGroup/delete', g.id)}
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
                    color={g.color ?? undefined}
                    closable
                    onClose={(e) => {
                      e.preventDefault();
                      Modal.confirm({
                        title: `确定删除标签“${t.tagName}”吗？`,
                        onOk: () => remove('/clue/tags/delete', t.id),
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
      <Modal
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
        onCancel={() => setEditing(null)}
        onOk={save}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ chooseType: 2, color: '#1677ff' }}>
          <Form.Item
            name="name"
            label="名称"
            rules={[
              { required: true, whitespace: true, message: '请输入名称' },
              { max: 20, message: '名称不能超过20个字' },
            ]}
          >
            <Input maxLength={20} />
          </Form.Item>
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
        </Form>
      </Modal>
    </>
  );
}
