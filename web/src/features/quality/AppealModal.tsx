import { contract } from '@crm/core/contract';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useCallMutation } from '../../api/hooks';
import { FormModal } from '../../components/FormModal';

const r = contract.qualityReview;
/** Every read a review, an appeal or a decision changes. */
export const REVIEW_READS = [
  r.history,
  r.appealList,
  r.sampleCalls,
  r.sampleList,
  contract.qualityCheck.callCheckPage,
  contract.qualityCheck.callCheckPageSecond,
];

const scoreRules = (label: string) => [{ required: true, message: `请输入${label}` }];

/** 复核: a reviewer's score (0-100) and comment on the call. */
export function ReviewModal({
  recordingId,
  initial,
  onClose,
}: {
  recordingId: number;
  initial?: { score: number | null; comment: string | null };
  onClose: () => void;
}) {
  const save = useCallMutation(r.saveReview, { success: '复核已保存', invalidate: REVIEW_READS, onSuccess: onClose });
  return (
    <FormModal<{ score: number; comment?: string }>
      title="人工复核"
      loading={save.isPending}
      initialValues={{ score: initial?.score ?? undefined, comment: initial?.comment ?? undefined }}
      onClose={onClose}
      onSubmit={(v) => save.mutate({ recordingId, score: v.score, comment: v.comment })}
    >
      <Form.Item name="score" label="复核分数" rules={scoreRules('复核分数')}>
        <InputNumber
          min={0}
          max={100}
          precision={0}
          style={{ width: 160 }}
          suffix="分"
          data-testid="review-score-input"
        />
      </Form.Item>
      <Form.Item name="comment" label="复核评语">
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="review-comment-input" />
      </Form.Item>
    </FormModal>
  );
}

/** 申诉: the call's owner asks for the reviewed score to be changed, with a reason. */
export function AppealModal({ recordingId, onClose }: { recordingId: number; onClose: () => void }) {
  const create = useCallMutation(r.createAppeal, {
    success: '申诉已提交',
    invalidate: REVIEW_READS,
    onSuccess: onClose,
  });
  return (
    <FormModal<{ reason: string }>
      title="提交申诉"
      loading={create.isPending}
      onClose={onClose}
      onSubmit={(v) => create.mutate({ recordingId, reason: v.reason })}
    >
      <Form.Item
        name="reason"
        label="申诉理由"
        rules={[{ required: true, whitespace: true, message: '请输入申诉理由' }]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount data-testid="appeal-reason-input" />
      </Form.Item>
    </FormModal>
  );
}

/** 处理申诉: accept with a new score, or reject; a comment either way. */
export function DecisionModal({ appealId, onClose }: { appealId: number; onClose: () => void }) {
  const [form] = Form.useForm<{ accept: boolean; score?: number; comment?: string }>();
  const accept = Form.useWatch('accept', form);
  const decide = useCallMutation(r.decideAppeal, {
    success: '申诉已处理',
    invalidate: REVIEW_READS,
    onSuccess: onClose,
  });
  return (
    <FormModal<{ accept: boolean; score?: number; comment?: string }>
      title="处理申诉"
      form={form}
      loading={decide.isPending}
      initialValues={{ accept: true }}
      onClose={onClose}
      onSubmit={(v) =>
        decide.mutate({ id: appealId, accept: v.accept, score: v.accept ? v.score : undefined, comment: v.comment })
      }
    >
      <Form.Item name="accept" label="处理结果">
        <Radio.Group
          options={[
            { value: true, label: '通过（改判分数）' },
            { value: false, label: '驳回' },
          ]}
          data-testid="decision-accept"
        />
      </Form.Item>
      {accept !== false && (
        <Form.Item name="score" label="改判分数" rules={scoreRules('改判分数')}>
          <InputNumber
            min={0}
            max={100}
            precision={0}
            style={{ width: 160 }}
            suffix="分"
            data-testid="decision-score-input"
          />
        </Form.Item>
      )}
      <Form.Item name="comment" label="处理意见">
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="decision-comment-input" />
      </Form.Item>
    </FormModal>
  );
}
