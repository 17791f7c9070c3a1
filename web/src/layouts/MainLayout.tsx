import {
  AimOutlined,
  BarChartOutlined,
  PhoneOutlined,
  RobotOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { MenuGroupKey } from '@crm/core';
import { Drawer, Layout, Menu } from 'antd';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useOutlet, useOutletContext, useSearchParams } from 'react-router';
import { closeCustomerDetail, DETAIL_PATH } from '../app/detail';
import { isEmbeddedDetail } from '../app/guard';
import { menuFor } from '../app/menu';
import type { RootContext } from '../app/Root';
import { getToken, useUser } from '../app/session';
import { LocalKeys } from '../app/storageKeys';
import { loadUser } from '../app/user';
import { checkVersion } from '../app/version';
import { fallback } from '../components/Fallback';
import { ForbiddenPage, NotFoundPage } from '../components/StatusPage';
import { connectPush } from '../notices/mqtt';
import NoticeStack from '../notices/NoticeStack';
import { noticeStore, refreshUnread } from '../notices/store';
import HeaderBar from './HeaderBar';

const { Sider, Header, Content } = Layout;

const GROUP_ICONS: Record<MenuGroupKey, React.ReactNode> = {
  customer: <TeamOutlined />,
  call: <PhoneOutlined />,
  ai: <RobotOutlined />,
  wecom: <WechatOutlined />,
  acquire: <AimOutlined />,
  stats: <BarChartOutlined />,
  order: <ShoppingCartOutlined />,
  system: <SettingOutlined />,
};

/** The /main shell: side menu of the permitted routes, header, the page, the detail drawer and the popups. */
export default function MainLayout() {
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // The page, or in its place 无权限访问 (a route the guard refused) or 页面不存在 (an address no route answers: the
  // shell is then the route of the unknown address itself, without a page below it).
  const refused = useOutletContext<RootContext | undefined>()?.forbidden;
  const routed = useOutlet();
  const outlet = refused ? <ForbiddenPage /> : (routed ?? <NotFoundPage />);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(LocalKeys.sidebarCollapsed) === '1');
  const toggle = () =>
    setCollapsed((c) => {
      localStorage.setItem(LocalKeys.sidebarCollapsed, c ? '0' : '1');
      return !c;
    });

  useEffect(() => {
    void checkVersion(true).then((changed) => {
      if (!changed) void loadUser(true);
    });
    void refreshUnread();
    const onFocus = () => void checkVersion();
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      noticeStore.reset();
    };
  }, []);

  const orgId = user?.organizationId;
  const userId = user?.userId;
  useEffect(() => {
    if (!orgId || !userId) return;
    return connectPush({ orgId, userId, token: getToken });
  }, [orgId, userId]);

  const groups = useMemo(() => menuFor(user?.routes), [user?.routes]);
  const selected = location.pathname.replace(/\/$/, '');
  const openGroup = groups.find((g) => g.items.some((i) => `/main${i.path}` === selected))?.key;
  const [openKeys, setOpenKeys] = useState<string[]>(openGroup ? [openGroup] : []);
  useEffect(() => {
    if (openGroup) setOpenKeys((k) => (k.includes(openGroup) ? k : [...k, openGroup]));
  }, [openGroup]);

  // Pages stay mounted only while moving to or from /Detail: the list behind the drawer keeps its state.
  const isDetail = selected === DETAIL_PATH;
  const behind = useRef<{ path: string; outlet: React.ReactNode } | null>(null);
  if (!isDetail) behind.current = { path: selected, outlet };
  const embedded = isEmbeddedDetail(search);

  if (isDetail && embedded) return <Suspense fallback={fallback}>{outlet}</Suspense>;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={208}
        theme="dark"
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            fontWeight: 600,
            fontSize: collapsed ? 14 : 17,
            letterSpacing: 1,
          }}
        >
          {collapsed ? 'CRM' : '销售CRM'}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          data-testid="side-menu"
          selectedKeys={[isDetail ? (behind.current?.path ?? selected) : selected]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys(keys as string[])}
          items={groups.map((g) => ({
            key: g.key,
            icon: GROUP_ICONS[g.key],
            label: g.title,
            children: g.items.map((i) => ({ key: `/main${i.path}`, label: i.title })),
          }))}
          onClick={({ key }) => {
            if (key !== location.pathname) navigate(key);
          }}
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 20px',
            height: 56,
            lineHeight: 'normal',
            borderBottom: '1px solid #eef0f3',
            position: 'sticky',
            top: 0,
            zIndex: 100,
          }}
        >
          <HeaderBar collapsed={collapsed} onToggle={toggle} />
        </Header>
        <Content style={{ padding: 16 }}>
          <Suspense fallback={fallback}>
            <div key="page">{isDetail ? behind.current?.outlet : outlet}</div>
          </Suspense>
          {isDetail && (
            <Drawer
              open
              size={1000}
              title="客户详情"
              onClose={closeCustomerDetail}
              destroyOnHidden
              styles={{ body: { padding: 0 } }}
              rootClassName="detail-drawer"
            >
              <Suspense fallback={fallback}>{outlet}</Suspense>
            </Drawer>
          )}
        </Content>
      </Layout>
      <NoticeStack />
    </Layout>
  );
}
