import { contract } from '@crm/core/contract';
import { Alert, Button, Empty, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { ui } from '../../app/ui';
import type { OnRuleChange } from './AiSettingPage';
import { splitWords } from './settings';

const c = contract.aiSetting;

/** 热词: the organisation's hot words, one store with the speech engine's (录音测试 › 热词). */
export function HotWordsTab({ onRuleChange }: { onRuleChange: OnRuleChange }) {
  const list = useCallQuery(c.hotWordList, undefined);
  const [text, setText] = useState('');
  const reads = [c.hotWordList, contract.asr.getConfig];
  const add = useCallMutation(c.hotWordSave, {
    success: '已添加',
    invalidate: reads,
    onSuccess: () => {
      setText('');
      onRuleChange();
    },
  });
  const remove = useCallMutation(c.hotWordDelete, { success: '已删除', invalidate: reads });
  const words = list.data?.hotWords ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="热词用于语音识别纠错，并在 AI 分析的关键词中标记（🔥）。与录音测试中的热词为同一份。"
      />
      <Space.Compact style={{ maxWidth: 520, width: '100%' }}>
        <Input
          placeholder="输入热词，多个用逗号或空格分隔"
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => splitWords(text).length && add.mutate({ words: splitWords(text) })}
          data-testid="hot-word-input"
        />
        <Button
          type="primary"
          loading={add.isPending}
          disabled={!splitWords(text).length}
          onClick={() => add.mutate({ words: splitWords(text) })}
          data-testid="hot-word-add"
        >
          添加
        </Button>
      </Space.Compact>
      {list.isLoading ? (
        <Spin />
      ) : words.length ? (
        <Space size={[6, 6]} wrap data-testid="hot-words">
          {words.map((w) => (
            <Tag
              key={w}
              color="orange"
              closable
              onClose={(e) => {
                e.preventDefault();
                ui.modal.confirm({
                  title: `删除热词「${w}」？`,
                  okText: '删除',
                  cancelText: '取消',
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutate({ words: [w] }),
                });
              }}
            >
              {w}
            </Tag>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      )}
    </Space>
  );
}
