import { WarningOutlined } from '@ant-design/icons';
import { aiAccountTip } from '@crm/core';
import { contract } from '@crm/core/contract';
import { Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useCallQuery } from '../../api/hooks';

/** Where the AI analysis packs are bought and listed. */
export const AI_PACKS_PATH = '/main/aiSetting?tab=packs';
const FIVE_MINUTES = 5 * 60_000;

/**
 * The AI account tip of the header (spec: type 1 余额不足 when isLess, type 2 即将到期 within 7 days), linking to
 * the packs. Nothing when there is nothing to say or the organisation has not opened AI.
 */
export function AiAccountTip() {
  const open = useCallQuery(contract.aiSetting.getAiOpen, undefined, { silent: true, staleTime: FIVE_MINUTES });
  const account = useCallQuery(contract.costCenter.getAiAnalyzeBalance, undefined, {
    enabled: open.data?.open === true,
    silent: true,
    refetchInterval: FIVE_MINUTES,
  });
  const tip = open.data?.open ? aiAccountTip(account.data) : 0;
  if (!tip || !account.data) return null;
  const text =
    tip === 1 ? `AI 账户余额不足（剩余 ${account.data.totalStr}）` : `AI 账户即将到期（${account.data.expStr}）`;
  return (
    <Tooltip title={tip === 1 ? '余额用完后新的通话将暂停分析，充值后自动继续' : '到期后未用完的分钟数将失效'}>
      <Link to={AI_PACKS_PATH} data-testid="ai-account-tip">
        <Typography.Text type="warning">
          <WarningOutlined /> {text} <span style={{ color: '#1677ff' }}>去充值</span>
        </Typography.Text>
      </Link>
    </Tooltip>
  );
}
