import { contract } from '@crm/core/contract';
import { MAX_REGEX_LENGTH, REGEX_FLAGS, RULE_SIDES, RuleSideName } from '@crm/core/contract/quality';
import { Checkbox, Form, Input, Radio } from 'antd';
import { useCallMutation } from '../../api/hooks';
import { showError } from '../../app/ui';
import { FormModal } from '../../components/FormModal';
import { RegexTryOut } from './RegexTryOut';
import { fieldErrorsOf } from './rules';
import type { RegexRule } from './types';

const c = contract.quality;
const FIELDS = ['name', 'pattern', 'flags', 'side', 'remark'] as const;
const FLAG_NAMES: Record<(typeof REGEX_FLAGS)[number], string> = {
  i: '忽略大小写 (i)',
  m: '多行 (m)',
  s: '点号匹配换行 (s)',
  u: 'Unicode (u)',
};
export const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

interface RegexForm {
  name: string;
  pattern: string;
  flags: string[];
  side: RegexRule['side'];
  remark?: string;
}

/**
 * 新增 / 编辑正则规则. The pattern is checked by the server on save (it must compile, and not backtrack without
 * bound): its refusal shows on the field. 试一试 runs it in the browser before that.
 */
export function RegexModal({ rule, onClose }: { rule: RegexRule | null; onClose: () => void }) {
  const [form] = Form.useForm<RegexForm>();
  const pattern = Form.useWatch('pattern', form);
  const flags = Form.useWatch('flags', form) ?? [];
  const done = {
    invalidate: [c.selectOrgRegex],
    onSuccess: onClose,
    onFailure: (e: Parameters<typeof fieldErrorsOf>[0]) => {
      const fields = fieldErrorsOf(e, FIELDS);
      if (fields) form.setFields(fields.map((f) => ({ ...f, name: f.name as keyof RegexForm })));
      else showError(e.msg);
    },
  };
  const create = useCallMutation(c.createOrgRegex, { success: '已新增正则规则', ...done });
  const update = useCallMutation(c.updateOrgRegex, { success: '已保存', ...done });
  return (
    <FormModal<RegexForm>
      title={rule ? '编辑正则规则' : '新增正则规则'}
      width={640}
      form={form}
      loading={create.isPending || update.isPending}
      initialValues={
        rule
          ? { ...rule, flags: [...rule.flags], remark: rule.remark ?? undefined }
          : { side: 'agent', flags: [] as string[] }
      }
      onClose={onClose}
      onSubmit={({ flags, ...v }) => {
        const body = { ...v, flags: flags.join('') };
        if (rule) update.mutate({ id: rule.id, ...body });
        else create.mutate({ ...body, status: 1 });
      }}
    >
      <Form.Item name="name" label="规则名称" rules={[{ required: true, whitespace: true, message: '请输入规则名称' }]}>
        <Input maxLength={50} showCount placeholder="如：引导私下联系" />
      </Form.Item>
      <Form.Item
        name="pattern"
        label="正则表达式"
        extra="JavaScript 正则语法，如 加我?(微信|手机)；逐句匹配"
        rules={[{ required: true, whitespace: true, message: '请输入正则表达式' }]}
      >
        <Input.TextArea
          rows={2}
          maxLength={MAX_REGEX_LENGTH}
          showCount
          style={MONO}
          spellCheck={false}
          placeholder="(打|加)我?的?(手机|微信).{0,6}?1[3-9]\d{9}"
          data-testid="regex-pattern"
        />
      </Form.Item>
      <Form.Item name="flags" label="修饰符">
        <Checkbox.Group options={REGEX_FLAGS.map((f) => ({ value: f, label: FLAG_NAMES[f] }))} />
      </Form.Item>
      <Form.Item name="side" label="检测对象">
        <Radio.Group options={RULE_SIDES.map((s) => ({ value: s, label: RuleSideName[s] }))} optionType="button" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <RegexTryOut pattern={pattern} flags={flags.join('')} />
    </FormModal>
  );
}
