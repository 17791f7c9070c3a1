import { contract } from '@crm/core/contract';
import { Popover, Space, Switch, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useCallMutation } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { actionColumn } from '../../components/actionColumn';
import { confirmOff } from '../../components/confirmOff';
import { DeleteLink } from '../../components/DeleteLink';
import { KeywordTable } from '../../components/KeywordTable';
import { LinkButton } from '../../components/LinkButton';
import { HitsView } from './HitsView';
import type { WordList } from './types';
import { WordListModal } from './WordListModal';

const c = contract.quality;
/** A list shows this many words as tags; the rest open in a popover. */
const SHOWN_WORDS = 12;

function WordTags({ words }: { words: string[] }) {
  const tags = (ws: string[]) => (
    <Space size={[4, 4]} wrap>
      {ws.map((w) => (
        <Tag key={w} style={{ marginInlineEnd: 0 }}>
          {w}
        </Tag>
      ))}
    </Space>
  );
  if (words.length <= SHOWN_WORDS) return tags(words);
  return (
    <Space size={[4, 4]} wrap>
      {tags(words.slice(0, SHOWN_WORDS))}
      <Popover content={<div style={{ maxWidth: 480, maxHeight: 320, overflow: 'auto' }}>{tags(words)}</div>}>
        <Typography.Link>等 {words.length} 个</Typography.Link>
      </Popover>
    </Space>
  );
}

/** The forbidden-word lists: words, match mode, side, enabled; new, edit and delete for holders of quality:edit. */
function WordLists({ canEdit }: { canEdit: boolean }) {
  const [editing, setEditing] = useState<WordList | null | undefined>(undefined);
  const save = useCallMutation(c.saveProhibitionWord, { invalidate: [c.prohibitionWordList] });
  const del = useCallMutation(c.deleteProhibitionWord, { invalidate: [c.prohibitionWordList] });
  const setStatus = (r: WordList, on: boolean) =>
    save.mutate({
      id: r.id,
      name: r.name,
      words: r.words,
      matchMode: r.matchMode,
      side: r.side,
      remark: r.remark ?? undefined,
      status: on ? 1 : 2,
    });
  const columns: ColumnsType<WordList> = [
    { title: '词库名称', dataIndex: 'name', width: 160 },
    { title: '违禁词', dataIndex: 'words', render: (w: string[]) => <WordTags words={w} /> },
    { title: '词数', dataIndex: 'wordCount', width: 70 },
    { title: '匹配方式', dataIndex: 'matchModeName', width: 100 },
    { title: '检测对象', dataIndex: 'sideName', width: 90 },
    {
      title: '启用',
      dataIndex: 'status',
      width: 80,
      render: (v: number, r) => (
        <Switch
          size="small"
          checked={v === 1}
          disabled={!canEdit}
          loading={save.isPending}
          onChange={(on) =>
            confirmOff(
              on,
              { title: `停用词库「${r.name}」？`, content: '停用后，之后分析的通话不再检查这些违禁词。' },
              () => setStatus(r, on),
            )
          }
          data-testid="list-status"
        />
      ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v) => v ?? '-' },
    ...actionColumn<WordList>(canEdit, 110, (r) => (
      <Space size={12}>
        <LinkButton onClick={() => setEditing(r)}>编辑</LinkButton>
        <DeleteLink
          title={`删除词库「${r.name}」？`}
          description="之后分析的通话不再检查这些违禁词；已有的命中记录保留。"
          success="删除成功"
          onDelete={() => del.mutateAsync({ id: r.id })}
        />
      </Space>
    )),
  ];
  return (
    <>
      <KeywordTable
        call={c.prohibitionWordList}
        pageName="prohibitionWordList"
        placeholder="词库名称 / 违禁词"
        columns={columns}
        extra={
          canEdit && (
            <AddButton onClick={() => setEditing(null)} data-testid="add-word-list">
              新增违禁词库
            </AddButton>
          )
        }
      />
      {editing !== undefined && <WordListModal list={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

/** 违禁词: the lists, and 命中记录 (the hits of the lists and of the regex rules, with their counts). */
export function ProhibitionTab({ canEdit }: { canEdit: boolean }) {
  return (
    <Tabs
      size="small"
      type="card"
      destroyOnHidden
      items={[
        { key: 'lists', label: '违禁词库', children: <WordLists canEdit={canEdit} /> },
        { key: 'hits', label: '命中记录', children: <HitsView /> },
      ]}
    />
  );
}
