import { AiLabel, CallTag, IntentionLabel, options } from '@crm/core';
import { contract } from '@crm/core/contract';
import type { AnalysisView } from '@crm/core/contract/analysis';
import { Button, Form, NoticeBar, Selector, Switch, TextArea } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { useCallMutation, useCallQuery } from '../api/hooks';
import { type CorrectionForm, correctionBody, formOf } from '../features/analysis/correction';
import { ANALYSIS_READS } from '../features/analysis/Reanalyse';
import { MobileError, MobileLoading, MobilePage } from '../mobile';
import { callPath } from './paths';

/** The form's values as antd-mobile's Selector holds them (always a list). */
interface EditValues {
  intention: number[];
  callTags: number[];
  aiLabels: number[];
  complaint: boolean;
  violations: string[];
  summary: string;
}

/**
 * 编辑分析 (/analysisH5/edit?recordId=): corrects a wrong result (intention, tags, AI labels, 潜在投诉, violations,
 * summary) through the desktop's correction call, which also teaches the organisation's model; the values left as
 * the machine said clear that correction.
 */
export default function EditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const recordId = Number(params.get('recordId'));
  const valid = Number.isInteger(recordId) && recordId > 0;
  const detail = useCallQuery(contract.analysis.detail, { recordId }, { enabled: valid });
  const back = () => navigate(callPath(recordId), { replace: true });
  const save = useCallMutation(contract.analysis.update, {
    success: '已保存修正',
    invalidate: ANALYSIS_READS,
    onSuccess: back,
  });
  const d = detail.data;
  const body = () => {
    if (!valid) return <MobileError message="录音不存在" />;
    if (detail.isPending) return <MobileLoading />;
    if (!d)
      return <MobileError message={(detail.error as Error | null)?.message} onRetry={() => void detail.refetch()} />;
    if (!d.effective || !d.machine) return <MobileError message="这通电话还没有分析结果" />;
    if (!d.canCorrect) return <MobileError message="无权修正分析结果" />;
    const effective: AnalysisView = d.effective;
    const machine: AnalysisView = d.machine;
    const now = formOf(effective);
    const rules = [...new Set(machine.violations.map((v) => v.rule))];
    const submit = (v: EditValues) => {
      const form: CorrectionForm = { ...now, ...v, intention: v.intention[0] ?? null };
      save.mutate({ recordingId: d.recordingId, ...correctionBody(form, machine) });
    };
    return (
      <>
        <NoticeBar
          wrap
          color="info"
          content="修正后以人工结果为准；改回与机器相同的值即取消该项修正。意向、通话标签、潜在投诉和违规的修正会用于训练本机构模型。"
        />
        <Form
          layout="vertical"
          initialValues={{ ...now, intention: now.intention == null ? [] : [now.intention] }}
          onFinish={(v) => submit(v as EditValues)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={save.isPending} data-testid="h5-save">
              保存修正
            </Button>
          }
        >
          <Form.Item name="intention" label="意向标签">
            <Selector options={options(IntentionLabel)} data-testid="h5-intention" />
          </Form.Item>
          <Form.Item name="callTags" label="通话标签">
            <Selector multiple options={options(CallTag)} />
          </Form.Item>
          <Form.Item name="aiLabels" label="AI 标签">
            <Selector multiple options={options(AiLabel)} />
          </Form.Item>
          <Form.Item name="complaint" label="潜在投诉" childElementPosition="right" valuePropName="checked">
            <Switch />
          </Form.Item>
          {rules.length > 0 && (
            <Form.Item name="violations" label="违规（去掉误判的规则）">
              <Selector multiple options={rules.map((r) => ({ value: r, label: r }))} />
            </Form.Item>
          )}
          <Form.Item name="summary" label="通话小结">
            <TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
        </Form>
      </>
    );
  };
  return (
    <MobilePage title="编辑分析" onBack={back}>
      {body()}
    </MobilePage>
  );
}
