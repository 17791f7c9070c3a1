import { CloseOutlined, RobotOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { navigateTo } from '../../app/navigation';
import {
  AI_BUTTON_COOKIE,
  BANNER_COOKIE_DAYS,
  type BannerDecision,
  bannerDecision,
  bannerImage,
  parseCookies,
} from './aiBanner';

const setCookie = (name: string, value: string, days: number) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the banner's state in these two cookies
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * 86400}`;
};

/**
 * The AI banner: invites an organisation without AI to open it (/aiOpenPage). Hidden once closed (cookies AiBanner
 * and aiButton, see aiBanner.ts) and whenever AI is open. `label` picks its picture (打标签, 写跟进, or the general one).
 */
export function AiBanner({ label }: { label?: string }) {
  const open = useCallQuery(contract.aiSetting.getAiOpen, undefined, { silent: true });
  const [decision, setDecision] = useState<BannerDecision | null>(null);
  const aiOpen = open.data?.open;
  useEffect(() => {
    if (aiOpen === undefined) return;
    const d = bannerDecision(label, aiOpen, parseCookies(document.cookie));
    if (d.clearAiButton) setCookie(AI_BUTTON_COOKIE, '', 0);
    setDecision(d);
  }, [label, aiOpen]);
  if (!decision?.visible) return null;
  const image = bannerImage(label);
  const close = () => {
    if (decision.closeCookie) setCookie(decision.closeCookie, '1', BANNER_COOKIE_DAYS);
    setDecision({ ...decision, visible: false });
  };
  return (
    <div
      data-testid="ai-banner"
      style={{
        background: image.background,
        borderRadius: 8,
        padding: '10px 12px',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      <RobotOutlined style={{ fontSize: 24, color: '#1677ff' }} />
      <Typography.Text style={{ flex: 1 }}>{image.text}</Typography.Text>
      <Space size={4}>
        <Button type="primary" size="small" onClick={() => navigateTo('/aiOpenPage')}>
          立即开通
        </Button>
        <Button type="text" size="small" aria-label="关闭" icon={<CloseOutlined />} onClick={close} />
      </Space>
    </div>
  );
}
