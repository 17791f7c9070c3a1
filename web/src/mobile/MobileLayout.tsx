import { TabBar } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { coverViewport } from './setup';
import { activeTab, type MobileTab } from './tabs';
import './mobile.css';

/**
 * The mobile shell (antd-mobile, for the WeCom app now and the H5 pages later): the page above, the tabs fixed at the
 * bottom above the home indicator (safe area), the viewport covering the notch while it is shown.
 */
export function MobileLayout({ tabs, children }: { tabs: MobileTab[]; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => coverViewport(), []);
  return (
    <div className="m-shell">
      <main className="m-shell-body">{children}</main>
      <nav className="m-shell-tabs" data-testid="mobile-tabs">
        <TabBar safeArea activeKey={activeTab(tabs, pathname) ?? null} onChange={(path) => navigate(path)}>
          {tabs.map((t) => (
            <TabBar.Item key={t.path} icon={t.icon} title={t.title} badge={t.badge} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}

/** A screen without tabs (a detail): the same look, the viewport covering the notch. */
export function MobileScreen({ children }: { children: ReactNode }) {
  useEffect(() => coverViewport(), []);
  return <div className="m-shell">{children}</div>;
}
