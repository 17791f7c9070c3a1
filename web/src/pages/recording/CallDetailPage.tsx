import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { getToken } from '../../app/session';
import { shareLinkState } from '../../app/shareLink';
import { ShareLinkFailure } from '../../components/ShareLinkFailure';
import { CallDetailView } from '../../features/call/CallDetailView';

/**
 * /callDetail and its variants (/callDetail_base, /callDetail_gt; /dingTalkCallDetail inside the shell). With ?id=
 * (or recordId) it reads with the session token; with ?maskId= (from getMaskId) anyone holding the link sees this
 * one call, read-only.
 */
export default function CallDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? params.get('recordId') ?? 0) || undefined;
  const maskId = params.get('maskId') ?? undefined;
  // a cited sentence (AI 沟通摘要, insight examples): ?seg=<segment>&t=<ms> opens the call at it
  const seg = params.get('seg');
  const at = seg !== null ? { segment: Number(seg), startMs: Number(params.get('t') ?? 0) } : undefined;
  if (!id && !maskId) return <Card>缺少录音参数</Card>;
  const link = maskId === undefined ? 'ok' : shareLinkState(maskId);
  if (link !== 'ok') return <ShareLinkFailure state={link} />;
  return (
    <div style={{ padding: 16, maxWidth: 1200, margin: '0 auto' }}>
      <CallDetailView recordId={maskId ? undefined : id} maskId={maskId} actions={!maskId && !!getToken()} at={at} />
    </div>
  );
}
