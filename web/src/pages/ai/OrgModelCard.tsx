import { contract } from '@crm/core/contract';
import { Button, Card, Space, Spin, Typography } from 'antd';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { ui } from '../../app/ui';

const c = contract.analysis;

/**
 * 本机构模型: how many corrections the organisation's learned model has learned from (a manager's corrections of
 * intention, tags, complaint and violations in the call detail), and 重置 back to the base model, after a confirmation.
 */
export function OrgModelCard() {
  const state = useCallQuery(c.orgModel, undefined);
  const reset = useCallMutation(c.resetOrgModel, { success: '已重置为基础模型', invalidate: [c.orgModel, c.detail] });
  const s = state.data;
  return (
    <Card size="small" title="本机构模型" data-testid="org-model">
      {!s ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text data-testid="org-model-state">
            {s.learnedFrom > 0 ? `已从 ${s.learnedFrom} 条修正中学习` : '使用基础模型（暂无学习的修正）'}
            {s.updatedAt ? `，更新于 ${s.updatedAt}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            在通话详情中修正意向、通话标签、潜在投诉或违规后，本机构模型会自动学习，之后的通话按本机构的标准分析；模型只属于本机构。
            {s.resetAt ? ` 上次重置：${s.resetAt}。` : ''}
          </Typography.Text>
          <Space>
            <Button
              danger
              loading={reset.isPending}
              disabled={s.learnedFrom === 0}
              data-testid="org-model-reset"
              onClick={() =>
                ui.modal.confirm({
                  title: '重置本机构模型',
                  content: '重置后恢复为基础模型，此前的修正不再用于学习（已做的修正仍保留在通话上）。确定重置吗？',
                  okText: '重置',
                  okButtonProps: { danger: true },
                  cancelText: '取消',
                  onOk: () => reset.mutateAsync(undefined),
                })
              }
            >
              重置为基础模型
            </Button>
          </Space>
        </Space>
      )}
    </Card>
  );
}
