import { contract } from '@crm/core/contract';
import {
  MATCH_MODES,
  MAX_WORD_LENGTH,
  MAX_WORDS_PER_LIST,
  MatchModeName,
  RULE_SIDES,
  RuleSideName,
} from '@crm/core/contract/quality';
import { Form, Input, Radio, Typography } from 'antd';
import { useCallMutation } from '../../api/hooks';
import { showError } from '../../app/ui';
import { FormModal } from '../../components/FormModal';
import { fieldErrorsOf, parseWords, wordsProblem } from './rules';
import type { WordList } from './types';

const c = contract.quality;
const FIELDS = ['name', 'words', 'matchMode', 'side', 'remark'] as const;

interface WordListForm {
  name: string;
  words: string;
  matchMode: WordList['matchMode'];
  side: WordList['side'];
  remark?: string;
}

const radios = (names: Record<string, string>, values: readonly string[]) =>
  values.map((value) => ({ value, label: names[value] }));

/** 新增 / 编辑违禁词库: the words typed one per line or separated by commas or 、, counted as they are typed. */
export function WordListModal({ list, onClose }: { list: WordList | null; onClose: () => void }) {
  const [form] = Form.useForm<WordListForm>();
  const typed = Form.useWatch('words', form);
  const count = parseWords(typed).length;
  const save = useCallMutation(c.saveProhibitionWord, {
    success: list ? '已保存' : '已新增违禁词库',
    invalidate: [c.prohibitionWordList],
    onSuccess: onClose,
    onFailure: (e) => {
      const fields = fieldErrorsOf(e, FIELDS);
      if (fields) form.setFields(fields.map((f) => ({ ...f, name: f.name as keyof WordListForm })));
      else showError(e.msg);
    },
  });
  return (
    <FormModal<WordListForm>
      title={list ? '编辑违禁词库' : '新增违禁词库'}
      width={600}
      form={form}
      loading={save.isPending}
      initialValues={
        list
          ? { ...list, words: list.words.join('\n'), remark: list.remark ?? undefined }
          : { matchMode: 'whole', side: 'agent' }
      }
      onClose={onClose}
      onSubmit={(v) =>
        save.mutate({
          id: list?.id,
          name: v.name,
          words: parseWords(v.words),
          matchMode: v.matchMode,
          side: v.side,
          status: list?.status ?? 1,
          remark: v.remark,
        })
      }
    >
      <Form.Item name="name" label="词库名称" rules={[{ required: true, whitespace: true, message: '请输入词库名称' }]}>
        <Input maxLength={50} showCount placeholder="如：招生违规承诺" />
      </Form.Item>
      <Form.Item
        name="words"
        label="违禁词"
        required
        extra={
          <span data-testid="word-count">
            每行一个，或用逗号、顿号分隔；已输入 {count} 个（最多 {MAX_WORDS_PER_LIST} 个，每个最多 {MAX_WORD_LENGTH}{' '}
            个字）
          </span>
        }
        rules={[
          {
            validator: (_, text: string | undefined) => {
              const problem = wordsProblem(parseWords(text));
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea rows={6} placeholder={'包过\n内部名额\n保录取、百分百提分'} />
      </Form.Item>
      <Form.Item
        name="matchMode"
        label="匹配方式"
        extra={
          <Typography.Text type="secondary">
            整词匹配：违禁词须是独立的词（「面包过期」不算「包过」）；包含匹配：句中出现即命中
          </Typography.Text>
        }
      >
        <Radio.Group options={radios(MatchModeName, MATCH_MODES)} optionType="button" />
      </Form.Item>
      <Form.Item name="side" label="检测对象">
        <Radio.Group options={radios(RuleSideName, RULE_SIDES)} optionType="button" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}
