import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken } from '../../app/session';
import { MobileError, MobileLoading, MobilePage, MobileScreen } from '../../mobile';
import { ContactPanel } from './CustomerPanel';
import { currentExternalContact } from './jssdk';

/**
 * 客户分析 (/weComSidebar/customerAnalysis?org=<id>, the address set as the app's chat toolbar page in WeCom): the
 * contact of the chat beside it, read through the JS-SDK, with its lead and AI analysis. Without a session it signs in
 * through /weComAuth (OAuth2 inside WeCom) and comes back here.
 */
export default function SidebarPage() {
  const { pathname, search } = useLocation();
  const token = getToken();
  const [contact, setContact] = useState<{ id?: string; error?: string }>({});
  useEffect(() => {
    if (!token) return;
    currentExternalContact().then(
      (id) => setContact({ id }),
      (e: Error & { msg?: string }) => setContact({ error: e.msg || e.message }),
    );
  }, [token]);
  if (!token) {
    const org = new URLSearchParams(search).get('org') ?? '';
    const back = encodeURIComponent(`/weComSidebar/customerAnalysis${search}`);
    return <Navigate to={`/weComAuth?org=${encodeURIComponent(org)}&redirect=${back}`} replace />;
  }
  if (pathname.replace(/\/+$/, '') === '/weComSidebar') return <Navigate to={`customerAnalysis${search}`} replace />;
  return (
    <MobileScreen>
      <MobilePage title="客户分析">
        {contact.error ? (
          <MobileError message={contact.error} />
        ) : contact.id ? (
          <ContactPanel externalUserid={contact.id} />
        ) : (
          <MobileLoading text="正在识别当前客户" />
        )}
      </MobilePage>
    </MobileScreen>
  );
}
