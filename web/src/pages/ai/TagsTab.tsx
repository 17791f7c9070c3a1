import { type CallAnswer, contract } from '@crm/core/contract';
import { type AiTag, AiTagSpeakerName } from '@crm/core/contract/aiSetting';
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  List,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCallMutation, useCallPage } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { DeleteLink } from '../../components/DeleteLink';
import { FormModal } from '../../components/FormModal';
import { LinkButton } from '../../components/LinkButton';
import { useDraftFilters } from '../../components/useDraftFilters';
import type { OnRuleChange } from './AiSettingPage';

const c = contract.aiSetting;
const READS = [c.tagList, c.tagGroupAndTag];

type Group = CallAnswer<typeof c.tagList>['groups'][number];

function GroupModal({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const done = { invalidate: READS, onSuccess: onClose };
  const save = useCallMutation(c.tagSave, { success: '已新增标签组', ...done });
  const update = useCallMutation(c.tagUpdate, { success: '已保存', ...done });
  return (
    <FormModal<{ name: string; sort?: number }>
      title={group ? '编辑标签组' : '新增标签组'}
      loading={save.isPending || update.isPending}
      initialValues={{ name: group?.name, sort: group?.sort }}
      onClose={onClose}
      onSubmit={({ sort, ...v }) => {
        const body = { ...v, sort: sort ?? undefined };
        if (group) update.mutate({ kind: 'group', id: group.id, ...body });
        else save.mutate({ kind: 'group', ...body });
      }}
    >
      <Form.Item
        name="name"
        label="标签组名称"
        rules={[{ required: true, whitespace: true, message: '请输入标签组名称' }]}
      >
        <Input maxLength={20} showCount />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}

type TagForm = Pick<AiTag, 'groupId' | 'name' | 'keywords' | 'speaker' | 'show'> & { sort?: number };

function TagModal({
  tag,
  groups,
  groupId,
  onClose,
  onSaved,
}: {
  tag: AiTag | null;
  groups: Group[];
  groupId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const done = {
    invalidate: READS,
    onSuccess: () => {
      onClose();
      onSaved();
    },
  };
  const save = useCallMutation(c.tagSave, { success: '已新增标签', ...done });
  const update = useCallMutation(c.tagUpdate, { success: '已保存', ...done });
  return (
    <FormModal<TagForm>
      title={tag ? '编辑 AI 标签' : '新增 AI 标签'}
      width={560}
      loading={save.isPending || update.isPending}
      initialValues={tag ?? { groupId: groupId ?? groups[0]?.id, speaker: 'any', show: true, keywords: [] }}
      onClose={onClose}
      onSubmit={({ sort, ...v }) => {
        const body = { ...v, sort: sort ?? undefined };
        if (tag) update.mutate({ kind: 'tag', id: tag.id, ...body });
        else save.mutate({ kind: 'tag', ...body });
      }}
    >
      <Form.Item name="groupId" label="标签组" rules={[{ required: true, message: '请选择标签组' }]}>
        <Select options={groups.map((g) => ({ value: g.id, label: g.name }))} />
      </Form.Item>
      <Form.Item name="name" label="标签名称" rules={[{ required: true, whitespace: true, message: '请输入标签名称' }]}>
        <Input maxLength={20} showCount />
      </Form.Item>
      <Form.Item
        name="keywords"
        label="关键词"
        extra="通话中说到任一关键词即打上此标签；输入后回车添加"
        rules={[{ required: true, type: 'array', min: 1, message: '请输入关键词' }]}
      >
        <Select mode="tags" tokenSeparators={[',', '，', '、']} open={false} placeholder="如：价格、多少钱" />
      </Form.Item>
      <Form.Item name="speaker" label="说话方">
        <Radio.Group
          options={Object.entries(AiTagSpeakerName).map(([value, label]) => ({ value, label }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item name="show" label="在通话分析中展示" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}

/** AI 标签: tag groups on the left, their tags (keywords, who says them, shown or not) on the right. */
export function TagsTab({ onRuleChange }: { onRuleChange: OnRuleChange }) {
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const bar = useDraftFilters<{ keyword?: string }>(() => list.pager.reset());
  const filters = { ...bar.filters, groupId };
  const list = useCallPage(c.tagList, filters, 'aiSmartTags');
  const groups: Group[] = list.data?.groups ?? [];
  const [editGroup, setEditGroup] = useState<Group | null | undefined>(undefined);
  const [editTag, setEditTag] = useState<AiTag | null | undefined>(undefined);
  const setShow = useCallMutation(c.tagSetShow, { invalidate: READS });
  const del = useCallMutation(c.tagDelete, { invalidate: READS });
  const remove = (kind: 'group' | 'tag', id: number) => del.mutateAsync({ kind, id });
  const columns: ColumnsType<AiTag> = [
    { title: '标签名称', dataIndex: 'name', width: 140 },
    { title: '标签组', dataIndex: 'groupName', width: 120 },
    {
      title: '关键词',
      dataIndex: 'keywords',
      render: (k: string[]) => (
        <Space size={[2, 2]} wrap>
          {k.map((w) => (
            <Tag key={w} style={{ marginInlineEnd: 0 }}>
              {w}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: '说话方', dataIndex: 'speakerName', width: 80 },
    {
      title: '展示',
      dataIndex: 'show',
      width: 80,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          loading={setShow.isPending}
          onChange={(show) => setShow.mutate({ ids: [r.id], show })}
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      render: (_, r) => (
        <Space size={12}>
          <LinkButton onClick={() => setEditTag(r)}>编辑</LinkButton>
          <DeleteLink
            title={`删除标签「${r.name}」？`}
            description="已分析通话上的该标签将不再显示。"
            success="删除成功"
            onDelete={() => remove('tag', r.id)}
          />
        </Space>
      ),
    },
  ];
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
          <Typography.Text strong>标签组</Typography.Text>
          <Button size="small" onClick={() => setEditGroup(null)} data-testid="add-tag-group">
            新增标签组
          </Button>
        </Space>
        <List
          size="small"
          bordered
          dataSource={[{ id: 0, name: '全部', sort: 0, tagCount: list.total }, ...groups]}
          renderItem={(g) => (
            <List.Item
              style={{ background: (groupId ?? 0) === g.id ? '#e6f4ff' : undefined }}
              actions={
                g.id
                  ? [
                      <LinkButton key="edit" onClick={() => setEditGroup(g)}>
                        编辑
                      </LinkButton>,
                      <DeleteLink
                        key="del"
                        title={`删除标签组「${g.name}」？`}
                        description={g.tagCount ? `组内 ${g.tagCount} 个标签将一并删除。` : '删除后不可恢复。'}
                        success="删除成功"
                        onDelete={() => remove('group', g.id)}
                        onDone={() => groupId === g.id && setGroupId(undefined)}
                      />,
                    ]
                  : []
              }
            >
              <button
                type="button"
                style={{ all: 'unset', cursor: 'pointer', flex: 1 }}
                onClick={() => {
                  list.pager.reset();
                  setGroupId(g.id || undefined);
                }}
                data-testid="tag-group"
              >
                {g.name}
                {g.id ? <Typography.Text type="secondary">（{g.tagCount}）</Typography.Text> : null}
              </button>
            </List.Item>
          )}
        />
      </Col>
      <Col xs={24} md={18}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
          <Input.Search
            allowClear
            placeholder="标签名称 / 关键词"
            style={{ width: 240 }}
            enterButton="查询"
            onSearch={(v) => bar.apply({ keyword: v || undefined })}
          />
          <AddButton disabled={!groups.length} onClick={() => setEditTag(null)} data-testid="add-ai-tag">
            新增标签
          </AddButton>
        </Space>
        <Table<AiTag> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      </Col>
      {editGroup !== undefined && <GroupModal group={editGroup} onClose={() => setEditGroup(undefined)} />}
      {editTag !== undefined && (
        <TagModal
          tag={editTag}
          groups={groups}
          groupId={groupId}
          onClose={() => setEditTag(undefined)}
          onSaved={onRuleChange}
        />
      )}
    </Row>
  );
}
