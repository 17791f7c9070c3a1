import { AiLabel, CallTag, IntentionLabel, options } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AnalysisView, CallAnalysisDetail } from '@crm/core/contract/analysis';
import { Alert, Form, Input, Select } from 'antd';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';
import { type CorrectionForm, correctionBody, formOf } from './correction';
import { ANALYSIS_READS } from './Reanalyse';

/** 修正: the user sets the intention, tags, AI labels, summary and AI fields; the machine's result is kept apart. */
export function CorrectionModal({
  detail,
  onClose,
}: {
  detail: CallAnalysisDetail & { effective: AnalysisView; machine: AnalysisView };
  onClose: () => void;
}) {
  const groups = useCallQuery(contract.aiSetting.tagGroupAndTag, undefined, { silent: true });
  const orgFields = useCallQuery(contract.aiSetting.orgFields, undefined, { silent: true });
  const save = useCallMutation(contract.analysis.update, {
    success: '已保存修正',
    invalidate: ANALYSIS_READS,
    onSuccess: onClose,
  });
  const machineRules = [...new Set(detail.machine.violations.map((v) => v.rule))];
  // the organisation's fields, and any the analysis filled that were switched off since
  const fields = [
    ...(orgFields.data ?? []).map((f) => ({ key: f.key, name: f.name })),
    ...detail.effective.fields.filter((f) => !orgFields.data?.some((o) => o.key === f.key)),
  ];
  return (
    <FormModal<CorrectionForm>
      title="修正分析结果"
      okText="保存修正"
      width={600}
      loading={save.isPending}
      initialValues={formOf(detail.effective) as unknown as Record<string, unknown>}
      onClose={onClose}
      onSubmit={(v) =>
        save.mutate({
          recordingId: detail.recordingId,
          ...correctionBody({ ...formOf(detail.effective), ...v, fields: v.fields ?? {} }, detail.machine),
        })
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="修正后以人工结果为准，机器结果保留对照；重新分析不会覆盖人工修正。改回与机器相同的值即取消该项修正。意向、通话标签、潜在投诉和违规的修正会用于训练本机构模型。"
      />
      <Form.Item name="intention" label="意向标签">
        <Select allowClear options={options(IntentionLabel)} placeholder="与机器结果相同" data-testid="fix-intention" />
      </Form.Item>
      <Form.Item name="callTags" label="通话标签">
        <Select mode="multiple" allowClear options={options(CallTag)} />
      </Form.Item>
      <Form.Item name="aiLabels" label="AI 标签">
        <Select mode="multiple" allowClear options={options(AiLabel)} />
      </Form.Item>
      <Form.Item name="complaint" label="潜在投诉">
        <Select
          options={[
            { value: true, label: '是' },
            { value: false, label: '否' },
          ]}
          data-testid="fix-complaint"
        />
      </Form.Item>
      {machineRules.length > 0 && (
        <Form.Item name="violations" label="违规（去掉误判的规则）">
          <Select
            mode="multiple"
            allowClear
            options={machineRules.map((r) => ({ value: r, label: r }))}
            data-testid="fix-violations"
          />
        </Form.Item>
      )}
      <Form.Item name="customTagIds" label="自定义 AI 标签">
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(groups.data ?? []).map((g) => ({
            label: g.name,
            options: g.tags.map((t) => ({ value: t.id, label: t.name })),
          }))}
        />
      </Form.Item>
      <Form.Item name="summary" label="通话小结">
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      {fields.map((f) => (
        <Form.Item key={f.key} name={['fields', f.key]} label={f.name}>
          <Input maxLength={500} allowClear />
        </Form.Item>
      ))}
    </FormModal>
  );
}
