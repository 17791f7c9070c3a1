import { useSearchParams } from 'react-router';
import { getToken } from '../../app/session';
import { MobileError, MobilePage, MobileScreen } from '../../mobile';
import { ContactPanel, LeadPanel } from './CustomerPanel';

/**
 * 客户分析 embedded (/slidebarCustomerAnalysis_base?token=…&externalUserid=… or &clueId=…): the sidebar's panel for a
 * host page that already knows the contact or the lead (an iframe: the token comes in the query, an expired one only
 * shows 访问凭证过期).
 */
export default function EmbeddedPage() {
  const [params] = useSearchParams();
  const externalUserid = params.get('externalUserid')?.trim() ?? '';
  const clueId = Number(params.get('clueId'));
  return (
    <MobileScreen>
      <MobilePage title="客户分析">
        {!getToken() ? (
          <MobileError message="访问凭证过期" />
        ) : externalUserid ? (
          <ContactPanel externalUserid={externalUserid} />
        ) : Number.isInteger(clueId) && clueId > 0 ? (
          <LeadPanel clueId={clueId} />
        ) : (
          <MobileError message="缺少客户参数" />
        )}
      </MobilePage>
    </MobileScreen>
  );
}
